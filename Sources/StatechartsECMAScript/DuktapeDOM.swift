/// A small, read-only DOM for XML content, in ECMAScript, part of ``DuktapePrelude``: `Document`,
/// `Element` and `Text` nodes built from the tree the Swift side passes (see ``DOMTree``), with
/// `nodeType`, `nodeName`, `tagName`, `localName`, `prefix`, `namespaceURI`, `attributes`,
/// `getAttribute(NS)`, `hasAttribute(NS)`, `getElementsByTagName(NS)` (with `'*'`), `childNodes`,
/// `children`, `firstChild`, `lastChild`, `firstElementChild`, `parentNode`, `nextSibling`,
/// `previousSibling`, `ownerDocument`, `documentElement`, `textContent`, `data`, `nodeValue`,
/// `hasChildNodes()`, and `toString()`/`toJSON()` giving the markup (Text nodes give their text).
/// Node lists are arrays with an `item(i)` method.
///
/// It evaluates to `{ Node, fromTree, toTree }`: `fromTree(nodes)` makes a Document of the tree's
/// top-level nodes; `toTree(node)` gives the tree of a Document (its nodes) or an Element (itself).
enum DuktapeDOM {
    static let source = """
    (function () {
        "use strict";
        function prefixOf(name) { var i = name.indexOf(':'); return i < 0 ? null : name.slice(0, i); }
        function localOf(name) { var i = name.indexOf(':'); return i < 0 ? name : name.slice(i + 1); }
        function list(array) {
            Object.defineProperty(array, 'item', { value: function (i) { return i >= 0 && i < this.length ? this[i] : null; } });
            return array;
        }
        function Node() {}
        function hidden(object, name, value) { Object.defineProperty(object, name, { value: value, writable: true }); }
        function link(parent, nodes, document) {
            for (var i = 0; i < nodes.length; i++) {
                hidden(nodes[i], 'parentNode', parent);
                hidden(nodes[i], 'ownerDocument', document);
                hidden(nodes[i], 'previousSibling', i > 0 ? nodes[i - 1] : null);
                hidden(nodes[i], 'nextSibling', i + 1 < nodes.length ? nodes[i + 1] : null);
            }
            parent.childNodes = list(nodes);
            parent.children = list(nodes.filter(function (n) { return n.nodeType === 1; }));
            parent.firstChild = nodes.length > 0 ? nodes[0] : null;
            parent.lastChild = nodes.length > 0 ? nodes[nodes.length - 1] : null;
            parent.firstElementChild = parent.children.length > 0 ? parent.children[0] : null;
        }
        function collect(node, test, into) {
            for (var i = 0; i < node.childNodes.length; i++) {
                var child = node.childNodes[i];
                if (child.nodeType !== 1) { continue; }
                if (test(child)) { into.push(child); }
                collect(child, test, into);
            }
            return into;
        }
        function text(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
        function attr(s) {
            return text(s).replace(/"/g, '&quot;').replace(/\\t/g, '&#9;').replace(/\\n/g, '&#10;').replace(/\\r/g, '&#13;');
        }
        // Declares, on each element, the namespaces its name and attributes need that the
        // markup written so far does not (scope: prefix, or '' for the default, to URI).
        function write(node, scope) {
            if (node.nodeType === 3) { return text(node.data); }
            if (node.nodeType === 9) { return node.childNodes.map(function (n) { return write(n, scope); }).join(''); }
            var inner = Object.create(scope), out = '<' + node.tagName;
            function need(prefix, uri) {
                if (prefix === 'xml' || (inner[prefix] || '') === uri) { return; }
                inner[prefix] = uri;
                out += ' ' + (prefix === '' ? 'xmlns' : 'xmlns:' + prefix) + '="' + attr(uri) + '"';
            }
            need(node.prefix || '', node.namespaceURI || '');
            node.attributes.forEach(function (a) { if (a.prefix !== null && a.namespaceURI !== null) { need(a.prefix, a.namespaceURI); } });
            node.attributes.forEach(function (a) { out += ' ' + a.name + '="' + attr(a.value) + '"'; });
            if (node.childNodes.length === 0) { return out + '/>'; }
            return out + '>' + node.childNodes.map(function (n) { return write(n, inner); }).join('') + '</' + node.tagName + '>';
        }
        Node.prototype.ELEMENT_NODE = 1;
        Node.prototype.TEXT_NODE = 3;
        Node.prototype.DOCUMENT_NODE = 9;
        Node.prototype.hasChildNodes = function () { return this.childNodes.length > 0; };
        Node.prototype.getElementsByTagName = function (name) {
            return list(collect(this, function (e) { return name === '*' || e.tagName === name; }, []));
        };
        Node.prototype.getElementsByTagNameNS = function (uri, local) {
            return list(collect(this, function (e) {
                return (uri === '*' || e.namespaceURI === (uri === '' ? null : uri)) && (local === '*' || e.localName === local);
            }, []));
        };
        Node.prototype.toString = function () { return this.nodeType === 3 ? this.data : write(this, {}); };
        Node.prototype.toJSON = Node.prototype.toString;
        Object.defineProperty(Node.prototype, 'textContent', { get: function () {
            if (this.nodeType === 3) { return this.data; }
            if (this.nodeType === 9) { return null; }
            return this.childNodes.map(function (n) { return n.nodeType === 3 ? n.data : n.textContent; }).join('');
        } });
        function findAttribute(element, test) {
            for (var i = 0; i < element.attributes.length; i++) { if (test(element.attributes[i])) { return element.attributes[i]; } }
            return null;
        }
        Node.prototype.getAttribute = function (name) {
            var a = findAttribute(this, function (a) { return a.name === name; });
            return a === null ? null : a.value;
        };
        Node.prototype.hasAttribute = function (name) { return this.getAttribute(name) !== null; };
        Node.prototype.getAttributeNS = function (uri, local) {
            var a = findAttribute(this, function (a) { return a.namespaceURI === (uri === '' ? null : uri) && a.localName === local; });
            return a === null ? null : a.value;
        };
        Node.prototype.hasAttributeNS = function (uri, local) { return this.getAttributeNS(uri, local) !== null; };

        // A tree node is a string (text) or [qualifiedName, namespaceURI or null, [name, uri or null, value, ...], [children]].
        function build(tree, document) {
            var node = new Node();
            if (typeof tree === 'string') {
                node.nodeType = 3; node.nodeName = '#text'; node.data = tree; node.nodeValue = tree;
                node.childNodes = list([]);
                return node;
            }
            node.nodeType = 1; node.nodeName = node.tagName = tree[0]; node.localName = localOf(tree[0]);
            node.prefix = prefixOf(tree[0]); node.namespaceURI = tree[1]; node.nodeValue = null;
            node.attributes = [];
            for (var i = 0; i + 2 < tree[2].length; i += 3) {
                node.attributes.push({ nodeType: 2, name: tree[2][i], nodeName: tree[2][i], localName: localOf(tree[2][i]),
                    prefix: prefixOf(tree[2][i]), namespaceURI: tree[2][i + 1], value: tree[2][i + 2], nodeValue: tree[2][i + 2] });
            }
            list(node.attributes);
            link(node, tree[3].map(function (t) { return build(t, document); }), document);
            return node;
        }
        function fromTree(nodes) {
            var document = new Node();
            document.nodeType = 9; document.nodeName = '#document'; document.nodeValue = null;
            link(document, nodes.map(function (t) { return build(t, document); }), null);
            hidden(document, 'parentNode', null);
            hidden(document, 'ownerDocument', null);
            document.documentElement = document.firstElementChild;
            return document;
        }
        function treeOf(node) {
            if (node.nodeType === 3) { return node.data; }
            var attributes = [];
            node.attributes.forEach(function (a) { attributes.push(a.name, a.namespaceURI, a.value); });
            return [node.tagName, node.namespaceURI, attributes, node.childNodes.map(treeOf)];
        }
        function toTree(node) { return node.nodeType === 9 ? node.childNodes.map(treeOf) : [treeOf(node)]; }
        return { Node: Node, fromTree: fromTree, toTree: toTree };
    })()
    """
}
