import Foundation
import StatechartsSCXML
import Testing

/// `<data src="file:///etc/passwd">` followed by `<log>` printed the file.
@Suite("Hostile input: src naming /etc/passwd")
struct PasswdSourceTests {
    static let body = "<datamodel><data id=\"d\" src=\"file:///etc/passwd\"/></datamodel>"

    @Test("a document in its own folder may not read /etc/passwd")
    func refusedFromAFile() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try HostileInput.chartFile(HostileInput.chart(Self.body), in: folder)
        let document = try SCXMLReader.read(contentsOf: url)
        guard case .failure(let message)? = document.data.first?.loadedSource else {
            Issue.record("/etc/passwd was read")
            return
        }
        let resolvedFolder = try #require(folder.path.withCString { realpath($0, nil) })
        defer { free(resolvedFolder) }
        #expect(message == "cannot load 'file:///etc/passwd': /etc/passwd is outside the folders the document may read from (\(String(cString: resolvedFolder)))")
    }

    @Test("the chart runs without the file's content: binding the data is an error.execution")
    func notLogged() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">" + Self.body
            + "<state id=\"s\"><onentry><log label=\"d\" expr=\"String(d)\"/></onentry></state></scxml>"
        let chart = try SCXMLChart(contentsOf: HostileInput.chartFile(text, in: folder), dataModels: SCXMLDataModelFactory.all)
        let instance = try chart.start()
        #expect(instance.logLines == ["d: undefined"])
    }

    @Test("a document read from a string, without a folder, reads nothing")
    func refusedFromAString() throws {
        let document = try SCXMLReader.read(string: HostileInput.chart(Self.body))
        #expect(document.data.first?.loadedSource
                == .failure("cannot load 'file:///etc/passwd': /etc/passwd is outside the folders the document may read from (none: the document has no folder)"))
    }
}
