/// An Event I/O Processor besides the SCXML one that every session has (SCXML 6.2 and
/// Appendix C): a module such as a Basic HTTP processor plugs in here, without any change to the
/// reader, the importer or the session.
///
/// Give the processors to ``SCXMLChart/ioProcessors`` before making instances; sessions the
/// chart invokes get the same processors. For each one a session then
/// - lists it in `_ioprocessors`, under each of its ``typeURIs``, with ``location(forSession:)``;
/// - hands it every `<send>` whose `type` (or `typeexpr`) is one of its ``typeURIs``, after the
///   delay, evaluated data and all, through ``send(_:to:from:)``. An error it throws is raised in
///   the sending session as `error.communication` (the recommendation's "could not be
///   dispatched").
///
/// Events that arrive through a processor from outside (an HTTP request, say) are sent to the
/// running instance by whoever drives it, for example with `StatechartRunner.send(_:)`, with
/// `origintype` set to the processor's type URI.
public protocol SCXMLEventIOProcessor: Sendable {
    /// The type URIs that name this processor in `<send type>`, the first the canonical one.
    var typeURIs: [String] { get }
    /// The address at which the session `sessionID` receives events through this processor.
    func location(forSession sessionID: String) -> String
    /// Delivers `event` (its `origin` and `origintype` already set to this processor's location
    /// and type) to `target`, from `session`; throws when it cannot.
    func send(_ event: SCXMLEvent, to target: String?, from session: SCXMLSession) throws(SCXMLExecutionError)
}
