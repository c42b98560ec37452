/// A value's text, for messages, state paths and the names SCXML gives done events:
/// `String(describing:)`.
///
/// Embedded Swift has no reflection, so there it is the value itself for a `String` or
/// `Substring`, the digits of an integer, and `"?"` for any other type (an enum's case names are
/// not in the binary): charts whose states are strings or integers keep readable messages.
@inlinable
func _describe<Value>(_ value: Value) -> String {
    #if hasFeature(Embedded)
    if let string = value as? String { return string }
    if let string = value as? Substring { return String(string) }
    if let number = value as? Int { return "\(number)" }
    if let number = value as? Int32 { return "\(number)" }
    if let number = value as? UInt8 { return "\(number)" }
    return "?"
    #else
    return String(describing: value)
    #endif
}
