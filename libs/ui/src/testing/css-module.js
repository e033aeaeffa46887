/* Style sheets in component tests: nothing to load; a CSS module's class names read as themselves. */
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : String(key)) });
