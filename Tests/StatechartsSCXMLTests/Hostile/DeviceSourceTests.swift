import Foundation
import StatechartsSCXML
import Testing

/// `src="/dev/urandom"` validated: reading a device never ends. Only regular files are read.
@Suite("Hostile input: src naming a device or a FIFO")
struct DeviceSourceTests {
    @Test("/dev/urandom is outside the document's folder")
    func outside() {
        #expect(HostileInput.problems(HostileInput.chart("<script src=\"/dev/urandom\"/>"))
                == ["1:85: cannot load '/dev/urandom': /dev/urandom is outside the folders the document may read from (none: the document has no folder)"])
    }

    @Test("even in an allowed folder, a device is not a regular file")
    func device() {
        let options = SCXMLReader.Options(sourceAccess: .allowing([URL(fileURLWithPath: "/dev")]))
        #expect(HostileInput.problems(HostileInput.chart("<script src=\"/dev/urandom\"/>"), options: options)
                == ["1:85: cannot load '/dev/urandom': /dev/urandom is not a regular file"])
    }

    @Test("a FIFO next to the document is refused without waiting for a writer")
    func fifo() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.js")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let url = try HostileInput.chartFile(HostileInput.chart("<script src=\"pipe.js\"/>"), in: folder)
        #expect(throws: SCXMLError.self) { try SCXMLReader.read(contentsOf: url) }
        do {
            _ = try SCXMLReader.read(contentsOf: url)
        } catch {
            #expect(error.diagnostics.first?.message.hasSuffix("pipe.js is not a regular file") == true)
        }
    }

    @Test("a folder is not a regular file either")
    func folder() throws {
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let url = try HostileInput.chartFile(HostileInput.chart("<script src=\"sub\"/>"), in: folder)
        do {
            _ = try SCXMLReader.read(contentsOf: url)
            Issue.record("a folder was read as a script")
        } catch {
            #expect(error.diagnostics.first?.message.hasSuffix("/sub is not a regular file") == true)
        }
    }
}
