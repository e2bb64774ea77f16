// ipywidgets sliders render a noUiSlider handle (role="slider") whose visible <label> is not
// tied to it, so screen readers announce an unnamed slider reading out its position number.
// Name each handle after its label and let it read out the slider's own readout text.
(function () {
  function label(handle) {
    var slider = handle.closest(".widget-slider");
    // the threshold explorer names its own sliders (its readout is a position number)
    if (!slider || handle.closest(".evalcore-threshold-explorer")) return;
    var text = slider.querySelector(".widget-label");
    var readout = slider.querySelector(".widget-readout");
    if (text && text.textContent && !handle.hasAttribute("aria-label")) {
      handle.setAttribute("aria-label", text.textContent.trim());
    }
    if (readout && readout.textContent) {
      handle.setAttribute("aria-valuetext", readout.textContent.trim());
    }
  }
  function scan() {
    document.querySelectorAll(".widget-slider .noUi-handle").forEach(label);
  }
  new MutationObserver(scan).observe(document.documentElement,
                                     { subtree: true, childList: true, characterData: true });
  document.addEventListener("DOMContentLoaded", scan);
})();
