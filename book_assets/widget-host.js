// The static book's host for its widgets: renders the widget views a page embeds from the
// widget state the page embeds, with no kernel, no require.js and no ipywidgets HTML manager.
//
// Every widget in the book is one of evalcore's four anywidgets (anywidget's AnyModel, with
// an `_anywidget_id` "evalcore.…") and their ipywidgets LayoutModels. For those this host does
// what anywidget does in a notebook, and only that:
//   - each distinct `_esm` module is imported once a page (from a Blob URL, which works on
//     file:// too), each distinct `_css` injected once;
//   - each model is a small object with what the front ends use: get, set, on, off,
//     save_changes (and send, which does nothing: there is no kernel); `set` fires
//     "change:<name>" and then "change" at once, as Backbone does;
//   - binary buffers become DataViews at their paths, as the HTML manager gives them;
//   - each view renders into a div.widget-subarea put where the view's tag is, its element a
//     div.jupyter-widgets with the model's `_dom_classes`, its layout's non-empty properties
//     as CSS, `tabbable` as a tab index and `tooltip` as a title;
//   - `initialize` runs once a model and `render` once a view: the same functions the live
//     widget runs. There is no time limit on either.
// A page whose state holds any other model (a widget that is not evalcore's) is left whole to
// the HTML manager, loaded then from the book's own copy, as before this host existed.
//
// The book writes each widget's `_esm` and `_css` once, as a file of _static/widgets/ that the
// browser caches for every page (tools/light_pages.py): the state then holds
// {"evalcore_source": name} in their place, and the file, a classic script loaded before this
// one, has put the text in window.evalcoreSources[name]. (Classic scripts, not modules, so the
// book works from file:// as well.) A state that holds the text itself works as well.
//
// This script runs in the page's head, where the state is already parsed: it starts importing
// the modules at once, while the rest of the page is parsed, and renders the views as soon as
// they are all parsed: where the book's page calls window.evalcoreWidgetHost.start() at the end
// of its body (tools/light_pages.py), before the theme's deferred scripts run; otherwise when
// the document is parsed (DOMContentLoaded). Either way, once.
//
// When every view of the page has rendered, <html> gets data-evalcore-widgets="ready" (or
// "failed", with the failures shown in place and in the console), and the page's timeline the
// mark "evalcore-widgets-ready": the browser tests wait for the one, the page benchmark reads
// the other.
(function () {
  "use strict";

  var STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  var VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  var MODEL_REFERENCE = "IPY_MODEL_";
  var here = document.currentScript ? document.currentScript.src : "";
  var staticDir = here ? here.replace(/[?#].*$/, "").replace(/[^/]*$/, "") : "_static/";

  /** Is this model one the host renders itself? */
  function isOurs(model) {
    if (model.model_module === "anywidget" && model.model_name === "AnyModel") {
      return String((model.state || {})._anywidget_id || "").indexOf("evalcore.") === 0;
    }
    return model.model_module === "@jupyter-widgets/base" && model.model_name === "LayoutModel";
  }

  function decodeBase64(text) {
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new DataView(bytes.buffer);
  }

  /** A trait's text: itself, or the text of the book's source file it names. */
  function sourceText(value) {
    if (value === null || typeof value !== "object" || !("evalcore_source" in value)) {
      return value;
    }
    var sources = window.evalcoreSources || {};
    if (!Object.prototype.hasOwnProperty.call(sources, value.evalcore_source)) {
      throw new Error("the widget source " + value.evalcore_source + " did not load");
    }
    return sources[value.evalcore_source];
  }

  /** The model's state with its binary buffers in place, as DataViews, and its module and
   *  style as text. */
  function stateWithBuffers(entry) {
    var state = Object.assign({}, entry.state);
    ["_esm", "_css"].forEach(function (name) {
      if (name in state) state[name] = sourceText(state[name]);
    });
    (entry.buffers || []).forEach(function (buffer) {
      if (buffer.encoding !== "base64") {
        throw new TypeError("widget buffer encoding " + buffer.encoding + " is not base64");
      }
      var holder = state;
      var path = buffer.path;
      for (var i = 0; i < path.length - 1; i += 1) holder = holder[path[i]];
      holder[path[path.length - 1]] = decodeBase64(buffer.data);
    });
    return state;
  }

  function same(a, b) {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) return false;
    try { return JSON.stringify(a) === JSON.stringify(b); } catch (error) { return false; }
  }

  /** A model: the traits of one widget, and who listens to their changes. */
  function Model(id, state) {
    this.model_id = id;
    this.attributes = state;
    this.listeners = [];
  }
  Model.prototype.get = function (name) { return this.attributes[name]; };
  Model.prototype.set = function (name, value) {
    var changes = {};
    if (name !== null && typeof name === "object") changes = name;
    else changes[name] = value;
    var changed = Object.keys(changes).filter(function (key) {
      return !same(this.attributes[key], changes[key]);
    }, this);
    changed.forEach(function (key) { this.attributes[key] = changes[key]; }, this);
    changed.forEach(function (key) { this.trigger("change:" + key, this.attributes[key]); }, this);
    if (changed.length) this.trigger("change");
  };
  Model.prototype.save_changes = function () {};
  Model.prototype.send = function () {};
  Model.prototype.on = function (events, callback, context) {
    String(events).split(/\s+/).filter(Boolean).forEach(function (event) {
      this.listeners.push({ event: event, callback: callback, context: context });
    }, this);
  };
  Model.prototype.off = function (events, callback, context) {
    var names = events ? String(events).split(/\s+/).filter(Boolean) : null;
    this.listeners = this.listeners.filter(function (listener) {
      return !((names === null || names.indexOf(listener.event) >= 0)
               && (!callback || listener.callback === callback)
               && (context === undefined || listener.context === context));
    });
  };
  Model.prototype.trigger = function (event, value) {
    this.listeners.filter(function (listener) { return listener.event === event; })
      .forEach(function (listener) {
        listener.callback.call(listener.context, this, value);
      }, this);
  };

  /** What a widget's code sees of its model: anywidget's model proxy, listeners tied to
   *  `owner` (the view or the model's initialize). */
  function proxy(model, owner) {
    return {
      get: function (name) { return model.get(name); },
      set: function (name, value) { model.set(name, value); },
      save_changes: function () { model.save_changes(); },
      send: function () { model.send(); },
      on: function (events, callback) { model.on(events, callback, owner); },
      off: function (events, callback) { model.off(events, callback, owner); },
    };
  }

  var modules = new Map(); // `_esm` text -> Promise of the widget's definition
  var styles = new Set();  // `_css` texts injected

  function widgetDefinition(esm) {
    if (!modules.has(esm)) {
      var url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
      modules.set(esm, import(url).then(function (module) {
        URL.revokeObjectURL(url);
        var definition = module.default !== undefined ? module.default : module;
        return typeof definition === "function" ? definition() : definition;
      }));
    }
    return modules.get(esm);
  }

  function injectCss(css, id) {
    if (!css || styles.has(css)) return;
    styles.add(css);
    var style = document.createElement("style");
    style.setAttribute("data-evalcore-widget", id);
    style.textContent = css;
    document.head.appendChild(style);
  }

  /** The view's element: classes, layout, tab index and tooltip, as DOMWidgetView sets them. */
  function viewElement(model, layouts) {
    var element = document.createElement("div");
    element.classList.add("jupyter-widgets");
    (model.get("_dom_classes") || []).forEach(function (name) { element.classList.add(name); });
    var layout = layouts[String(model.get("layout") || "").replace(MODEL_REFERENCE, "")];
    if (layout) {
      Object.keys(layout.attributes).forEach(function (key) {
        var value = layout.attributes[key];
        if (key.charAt(0) === "_" || value === null || value === undefined || value === "") return;
        element.style.setProperty(key.replace(/_/g, "-"), String(value));
      });
    }
    var tabbable = model.get("tabbable");
    if (tabbable === true) element.tabIndex = 0;
    else if (tabbable === false) element.tabIndex = -1;
    var tooltip = model.get("tooltip");
    if (tooltip) element.title = tooltip;
    return element;
  }

  function showFailure(area, error) {
    console.error("[evalcore] widget failed to render:", error);
    var message = document.createElement("pre");
    message.className = "evalcore-widget-error";
    message.textContent = "This widget could not be shown: " + (error && error.message || error);
    area.appendChild(message);
  }

  function renderAll(state, views) {
    var models = {};
    var layouts = {};
    Object.keys(state).forEach(function (id) {
      var entry = state[id];
      var model;
      try {
        model = new Model(id, stateWithBuffers(entry));
      } catch (error) {          // its views show why
        model = new Model(id, Object.assign({}, entry.state));
        model.failure = error;
      }
      if (entry.model_name === "LayoutModel") layouts[id] = model;
      else models[id] = model;
    });
    var initialized = new Map(); // model id -> Promise of its widget definition
    function ready(model) {
      if (model.failure) return Promise.reject(model.failure);
      if (!initialized.has(model.model_id)) {
        injectCss(model.get("_css"), model.get("_anywidget_id"));
        initialized.set(model.model_id, widgetDefinition(model.get("_esm")).then(
          function (definition) {
            if (typeof definition.initialize !== "function") return definition;
            return Promise.resolve(definition.initialize({ model: proxy(model, model) }))
              .then(function () { return definition; });
          }));
      }
      return initialized.get(model.model_id);
    }
    return Promise.all(views.map(function (tag) {
      var model = models[JSON.parse(tag.textContent).model_id];
      if (!model || !tag.parentElement) return Promise.resolve(true);
      var area = document.createElement("div");
      area.className = "widget-subarea";
      tag.parentElement.insertBefore(area, tag);
      var element = viewElement(model, layouts);
      area.appendChild(element);
      return ready(model).then(function (definition) {
        if (typeof definition.render !== "function") return true;
        return Promise.resolve(definition.render({ model: proxy(model, element), el: element }))
          .then(function () { return true; });
      }).catch(function (error) {
        showFailure(area, error);
        return false;
      });
    }));
  }

  /** Load a script of the book's _static folder, after the ones before it. */
  function loadScript(name) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = staticDir + name;
      script.onload = resolve;
      script.onerror = function () { reject(new Error("could not load " + name)); };
      document.head.appendChild(script);
    });
  }

  /** A page with a widget that is not evalcore's: the ipywidgets HTML manager renders it all. */
  function handOver() {
    document.documentElement.setAttribute("data-evalcore-widgets", "html-manager");
    return ["mathjax2-shim.js", "require.js", "widgets-require-config.js",
            "html-manager/embed-amd.js"].reduce(function (previous, name) {
      return previous.then(function () { return loadScript(name); });
    }, Promise.resolve());
  }

  /** The page's widget state (its models by id), or null when it has none (yet: a page
   *  may put it after this script); parsed once found. */
  var parsedState = null;
  function pageState() {
    if (parsedState === null) {
      var tag = document.querySelector(STATE);
      if (tag) parsedState = JSON.parse(tag.textContent).state || {};
    }
    return parsedState;
  }

  function foreignModels(state) {
    return Object.keys(state).filter(function (id) { return !isOurs(state[id]); });
  }

  /** While the page is parsed: import the modules its widgets need, so they are there when
   *  the views are. (A failure here is reported when the views render.) */
  function importEarly() {
    try {
      var state = pageState();
      if (!state || foreignModels(state).length) return;
      Object.keys(state).forEach(function (id) {
        var esm = state[id].model_name === "AnyModel" && (state[id].state || {})._esm;
        if (esm) widgetDefinition(sourceText(esm)).catch(function () {});
      });
    } catch (error) { /* start() shows it in place of the widgets */ }
  }

  var started = false;

  function start() {
    if (started) return;
    started = true;
    var views = Array.prototype.slice.call(document.querySelectorAll(VIEW));
    var state = pageState();
    if (!state || !views.length) return;
    if (foreignModels(state).length) {
      handOver().catch(function (error) { console.error("[evalcore]", error); });
      return;
    }
    renderAll(state, views).then(function (results) {
      var ok = results.every(Boolean);
      if (ok && window.performance && performance.mark) performance.mark("evalcore-widgets-ready");
      document.documentElement.setAttribute("data-evalcore-widgets", ok ? "ready" : "failed");
    });
  }

  window.evalcoreWidgetHost = { start: start };
  if (document.readyState === "loading") {
    importEarly();
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
