/// The helper functions each heap gets, in ECMAScript, kept in the heap stash (where scripts
/// cannot see them). Their order is ``DuktapeHelper``'s.
enum DuktapePrelude {
    static let source = """
    (function (g) {
        "use strict";
        var dom = \(DuktapeDOM.source);
        function defineConstant(name, value) {
            Object.defineProperty(g, name, { value: value, writable: false, enumerable: true, configurable: true });
        }
        return [
            function (name, value) { g[name] = value; },
            defineConstant,
            function (name, type, sendid, origin, origintype, invokeid, data, raw) {
                defineConstant('_event', Object.freeze({
                    name: name, type: type, sendid: sendid, origin: origin, origintype: origintype,
                    invokeid: invokeid, data: data, raw: raw
                }));
            },
            function (value) {
                if (value === undefined || typeof value === 'function') { return undefined; }
                // A Document or Element crosses as its tree, after a mark JSON text never starts with.
                if (value instanceof dom.Node && value.nodeType !== 3) { return '\\u0001' + JSON.stringify(dom.toTree(value)); }
                return JSON.stringify(value);
            },
            function (text) { return JSON.parse(text); },
            function (value) { return String(value); },
            function (array) {
                if (!(array instanceof Array)) { throw new TypeError('the array of <foreach> is not an array: ' + String(array)); }
                return array.slice();
            },
            function (copy, i, item, index) {
                g[item] = copy[i];
                if (index !== undefined) { g[index] = i; }
            },
            function (tree) { return dom.fromTree(JSON.parse(tree)); }
        ];
    })(Function('return this')())
    """
}

/// The prelude's helpers, by stash slot.
enum DuktapeHelper: UInt32 {
    /// `(name, value)`: assigns a global variable (an error when it is read-only).
    case setGlobal = 1
    /// `(name, value)`: defines a read-only global (system variables).
    case defineConstant
    /// `(name, type, sendid, origin, origintype, invokeid, data, raw)`: binds `_event`.
    case setEvent
    /// `(value)`: JSON text, or undefined for undefined and functions; for a DOM Document or
    /// Element, U+0001 followed by the JSON of its tree (``DOMTree``).
    case encode
    /// `(text)`: the value of JSON text.
    case decode
    /// `(value)`: `String(value)`.
    case toString
    /// `(array)`: a shallow copy, or a TypeError when it is not an array.
    case foreachCopy
    /// `(copy, i, item, index)`: assigns the item (and index) variables of one iteration.
    case foreachStep
    /// `(treeJSON)`: the DOM Document of a tree (``DOMTree``).
    case fromTree

    /// The first stash slot free for compiled expressions.
    static let firstExpressionSlot: UInt32 = 16
}
