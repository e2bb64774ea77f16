// html-manager 8 typesets widget labels and HTML widgets with the MathJax 2 API
// (MathJax.Hub.Queue); the book loads MathJax 3, so every page with a widget threw
// "Cannot read properties of undefined (reading 'Queue')". Give it a Hub that forwards to
// MathJax 3, both before MathJax 3 has loaded (the config object) and after (startup.ready).
(function () {
  function hub() {
    return {
      Queue: function (job) {
        var element = job && job[2];
        var mj = window.MathJax;
        if (element && mj && mj.typesetPromise) {
          mj.typesetPromise([element]).catch(function () {});
        }
      },
    };
  }
  var config = (window.MathJax = window.MathJax || {});
  config.Hub = config.Hub || hub();
  var startup = (config.startup = config.startup || {});
  var previous = startup.ready;
  startup.ready = function () {
    if (previous) previous(); else window.MathJax.startup.defaultReady();
    window.MathJax.Hub = window.MathJax.Hub || hub();
  };
})();
