// Runs before each script, in the script's fresh realm. It receives the host (a handful of functions that
// take and return strings) and hides it in this closure: the script reaches the host only through the
// globals defined here, which are frozen so that no script can replace what a later line relies on.
(function (host) {
    'use strict';
    const pending = new Map();
    const timers = new Map();
    let nextTimer = 1;
    const show = (value) => {
        if (typeof value === 'string') {
            return value;
        }
        try {
            const json = JSON.stringify(value, null, 2);
            return json === undefined ? String(value) : json;
        } catch (e) {
            return String(value);
        }
    };
    const define = (name, value) => Object.defineProperty(globalThis, name,
        { value: value, writable: false, configurable: false, enumerable: false });
    const tools = Object.create(null);
    for (const [name, freeform] of JSON.parse(host.names())) {
        tools[name] = Object.freeze(function (args) {
            return new Promise((resolve, reject) => {
                const input = freeform ? (typeof args === 'string' ? args : show(args))
                    : JSON.stringify(args === undefined ? {} : args);
                pending.set(host.call(name, String(input)), { resolve, reject });
            });
        });
    }
    define('tools', Object.freeze(tools));
    define('ALL_TOOLS', Object.freeze(JSON.parse(host.catalog()).map((t) => Object.freeze(t))));
    define('text', (value) => { host.text(show(value)); });
    define('image', (value) => {
        host.image(typeof value === 'string' ? value
            : value && typeof value.image_url === 'string' ? value.image_url : show(value));
    });
    define('store', (key, value) => { host.store(String(key), String(JSON.stringify(value === undefined ? null : value))); });
    define('load', (key) => {
        const json = host.load(String(key));
        return json === null ? undefined : JSON.parse(json);
    });
    define('notify', (value) => { host.notify(show(value)); });
    define('exit', () => {
        host.exit();
        throw new Error('exit() called');
    });
    define('setTimeout', (fn, ms, ...args) => {
        const id = nextTimer++;
        timers.set(id, () => fn(...args));
        host.timer(id, Math.max(0, Number(ms) || 0));
        return id;
    });
    define('clearTimeout', (id) => { timers.delete(id); });
    define('yield_control', () => { host.yieldControl(); });
    const log = (...values) => { host.text(values.map(show).join(' ')); };
    define('console', Object.freeze({ log: log, info: log, warn: log, error: log, debug: log }));
    define('__moka_done', () => { host.done(); });
    delete globalThis.Graal;
    return Object.freeze({
        settle: (id, ok, payload) => {
            const entry = pending.get(id);
            if (entry !== undefined) {
                pending.delete(id);
                if (ok) {
                    entry.resolve(JSON.parse(payload));
                } else {
                    entry.reject(new Error(payload));
                }
            }
        },
        fire: (id) => {
            const fn = timers.get(id);
            if (fn !== undefined) {
                timers.delete(id);
                fn();
            }
        },
    });
})
