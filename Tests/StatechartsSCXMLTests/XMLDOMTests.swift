import Foundation
import Statecharts
import StatechartsECMAScript
import StatechartsSCXML
import Testing

@Suite("XML content and its DOM in the ECMAScript data model")
struct XMLDOMTests {
    /// Starts an ECMAScript chart whose `<datamodel>` is `data` and whose one state logs `logs`
    /// (ECMAScript expressions) on entry.
    static func logs(data: String, _ expressions: [String]) throws -> [String] {
        let logs = expressions.map { "<log expr=\"\($0)\"/>" }.joined()
        let instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel>\(data)</datamodel>
          <state id="s"><onentry>\(logs)</onentry></state>
        """))
        return instance.logLines
    }

    @Test("attributes are read by name, and missing ones are null")
    func attributes() throws {
        let lines = try Self.logs(data: """
          <data id="d"><book xmlns="" title="T&amp;C" year="1999"/></data>
        """, [
            "d.documentElement.getAttribute('title')", "d.documentElement.hasAttribute('year')",
            "d.documentElement.getAttribute('isbn') === null", "d.documentElement.hasAttribute('isbn')",
            "d.documentElement.attributes.length",
        ])
        #expect(lines == ["T&C", "true", "true", "false", "2"])
    }

    @Test("nested elements: getElementsByTagName (with '*'), childNodes, textContent, parents")
    func nested() throws {
        let lines = try Self.logs(data: """
          <data id="d"><shelf xmlns=""><book title="a"><note>first</note></book><book title="b">x<b>y</b>z</book></shelf></data>
        """, [
            "d.getElementsByTagName('book').length", "d.getElementsByTagName('book')[1].getAttribute('title')",
            "d.getElementsByTagName('*').length", "d.documentElement.tagName", "d.documentElement.childNodes.length",
            "d.documentElement.firstChild.firstChild.textContent", "d.getElementsByTagName('book')[1].textContent",
            "d.getElementsByTagName('note')[0].parentNode.getAttribute('title')", "d.nodeType + ',' + d.documentElement.nodeType",
            "d.getElementsByTagName('book').item(5) === null",
        ])
        #expect(lines == ["2", "b", "5", "shelf", "2", "first", "xyz", "a", "9,1", "true"])
    }

    @Test("namespaces: inherited default, prefixes, and the NS lookups")
    func namespaces() throws {
        let lines = try Self.logs(data: """
          <data id="d"><list xmlns:x="urn:x"><x:item x:id="1"/><item/></list></data>
        """, [
            "d.documentElement.namespaceURI", "d.getElementsByTagName('x:item')[0].localName",
            "d.getElementsByTagNameNS('urn:x', 'item').length", "d.getElementsByTagNameNS('*', 'item').length",
            "d.getElementsByTagName('x:item')[0].getAttributeNS('urn:x', 'id')",
            "d.getElementsByTagName('item')[0].namespaceURI",
        ])
        #expect(lines == ["http://www.w3.org/2005/07/scxml", "item", "1", "2", "1", "http://www.w3.org/2005/07/scxml"])
    }

    @Test("a DOM value written back declares the namespaces it is in")
    func serialization() throws {
        let lines = try Self.logs(data: """
          <data id="d"><scxml version="1.0"><final id="f" a="&lt;&quot;"/></scxml></data>
          <data id="p"><x:a xmlns:x="urn:x" x:k="v"><b xmlns="">t &amp; u</b></x:a></data>
        """, ["d", "String(d.documentElement.firstChild)", "p", "JSON.stringify({ p: p.documentElement })"])
        #expect(lines == [
            // The reader keeps attributes sorted by name.
            #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><final a="&lt;&quot;" id="f"/></scxml>"#,
            #"<final xmlns="http://www.w3.org/2005/07/scxml" a="&lt;&quot;" id="f"/>"#,
            #"<x:a xmlns:x="urn:x" x:k="v"><b>t &amp; u</b></x:a>"#,
            #"{"p":"<x:a xmlns:x=\"urn:x\" x:k=\"v\"><b>t &amp; u</b></x:a>"}"#,
        ])
    }

    @Test("XML crosses into and out of the data model unchanged, and its markup parses back to it")
    func roundTrip() throws {
        let markup = #"<r xmlns="urn:r" xmlns:p="urn:p" p:a="1"><p:c>text</p:c><d xmlns="">more</d></r>"#
        let document = try SCXMLXMLDocument(parsing: markup)
        #expect(document.markup == markup)
        #expect(try SCXMLXMLDocument(parsing: document.markup) == document)
        let model = try ECMAScriptDataModel(environment: SCXMLDataModelEnvironment(
            sessionID: "s", name: "n", ioProcessors: [], activeStates: SCXMLActiveStates()))
        func value(_ id: Int, _ source: String) -> SCXMLExpression {
            SCXMLExpression(id: id, kind: .value, source: source, position: .start)
        }
        try model.declare("v", value: .xml(document))
        #expect(try model.evaluateValue(value(0, "v")) == .xml(document))
        let element = try model.evaluateValue(value(1, "v.documentElement.lastChild"))
        #expect(element == .xml(SCXMLXMLDocument(nodes: [.element(SCXMLXMLElement(qualifiedName: "d", children: [.text("more")]))])))
        #expect(try model.evaluateValue(value(2, "v.documentElement.lastChild.firstChild")) == .string("more"))
    }

    @Test("XML in <send><content> arrives as a DOM in _event.data")
    func eventData() throws {
        let instance = try Fixture.start(Fixture.ecmascript("""
          <state id="s">
            <onentry><send event="e"><content><books xmlns=""><book title="t1"/><book title="t2"/></books></content></send></onentry>
            <transition event="e" cond="_event.data.getElementsByTagName('book')[1].getAttribute('title') == 't2'" target="pass"/>
            <transition event="*" target="fail"/>
          </state>
          <final id="pass"/><final id="fail"/>
        """))
        #expect(instance.activeLeaves == ["pass"])
    }

    @Test("XML loaded by <data src> becomes a DOM; malformed XML is error.execution naming the file and position")
    func loadedSource() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "<?xml version=\"1.0\"?>\n<books><book title=\"t\"/></books>".write(
            to: directory.appendingPathComponent("good.xml"), atomically: true, encoding: .utf8)
        try "<books>\n  <book title=\"t\"></books>".write(to: directory.appendingPathComponent("bad.xml"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("chart.scxml")
        try Fixture.ecmascript("""
          <datamodel><data id="good" src="good.xml"/><data id="bad" src="bad.xml"/></datamodel>
          <state id="s">
            <onentry><log expr="good.getElementsByTagName('book')[0].getAttribute('title')"/><log expr="bad === undefined"/></onentry>
            <transition event="error.execution" target="caught"><log expr="_event.data"/></transition>
          </state>
          <state id="caught"/>
        """).write(to: file, atomically: true, encoding: .utf8)
        let chart = try SCXMLChart(document: try SCXMLReader.read(contentsOf: file), dataModels: SCXMLDataModelFactory.all)
        let instance = try chart.start(sessionID: "test-session")
        #expect(instance.activeLeaves == ["caught"])
        #expect(Array(instance.logLines.prefix(2)) == ["t", "true"])
        let message = instance.logLines.last ?? ""
        #expect(message.contains("bad.xml") && message.contains("malformed") && message.contains("2:"))
    }

    @Test("an assigned <scxml> element runs as the document of an <invoke>")
    func invokeContent() throws {
        var instance = try Fixture.start(Fixture.ecmascript("""
          <datamodel><data id="doc" expr="1"/></datamodel>
          <state id="s">
            <onentry><assign location="doc"><scxml version="1.0"><final/></scxml></assign></onentry>
            <invoke type="scxml"><content expr="doc"/></invoke>
            <transition event="done.invoke" target="pass"/>
            <transition event="*" target="fail"/>
          </state>
          <final id="pass"/><final id="fail"/>
        """))
        _ = instance.runUntilIdle(limit: 100)
        #expect(instance.activeLeaves == ["pass"])
    }
}
