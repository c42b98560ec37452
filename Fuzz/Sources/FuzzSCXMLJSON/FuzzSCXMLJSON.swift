// libFuzzer target: the SCXML runtime's JSON parser (`SCXMLValue(json:)`: data models' values,
// `<content>` and `<data>` text, JSON bodies of the Basic HTTP processor, the inspector's
// messages). Each input is parsed; what parses is written back (`json`), and that must parse
// again, to the same value when every number is finite, and write the same text: writing is
// stable. Inline text (`SCXMLValue.fromInlineText`) is read too. A crash, a hang, or writing
// that does not read back is a finding.
import Foundation
import StatechartsSCXML

/// Whether every number in `value` is finite (JSON has no infinities: they are written as `null`).
func allFinite(_ value: SCXMLValue) -> Bool {
    switch value {
    case .number(let n): return n.isFinite
    case .array(let items): return items.allSatisfy(allFinite)
    case .object(let members): return members.allSatisfy { allFinite($0.value) }
    default: return true
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = SCXMLValue.fromInlineText(text)
    guard let value = try? SCXMLValue(json: text) else { return 0 }
    guard let written = value.json else { fatalError("a parsed value has no JSON: \(value)") }
    let reread: SCXMLValue
    do { reread = try SCXMLValue(json: written) } catch {
        fatalError("written JSON does not parse again: \(error)\n--- written:\n\(written)")
    }
    if allFinite(value), reread != value {
        fatalError("written JSON parses to another value\n--- written:\n\(written)\n--- read: \(value)\n--- reread: \(reread)")
    }
    guard reread.json == written else { fatalError("writing is not stable\n--- written:\n\(written)\n--- again:\n\(reread.json ?? "nil")") }
    return 0
}
