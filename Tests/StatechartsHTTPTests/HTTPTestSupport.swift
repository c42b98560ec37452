import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Statecharts
import StatechartsECMAScript
import StatechartsHTTP
import StatechartsSCXML
import Testing

/// Helpers for the Basic HTTP tests: charts, and an HTTP client that is not the processor's own.
enum HTTPFixture {
    /// An ECMAScript chart with `body` inside `<scxml>`.
    static func chart(_ body: String, initial: String) throws -> SCXMLChart {
        try SCXMLChart(string: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="\(initial)">
            \(body)
            </scxml>
            """, dataModels: SCXMLDataModelFactory.all)
    }

    /// A POST (or another method) with URLSession; the answer's status and text.
    static func request(
        _ url: String, method: String = "POST", body: String,
        contentType: String = "application/x-www-form-urlencoded"
    ) async throws -> (status: Int, text: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        if method != "GET" { request.httpBody = Data(body.utf8) }
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// The value of a chart variable as a string (`nil` when it is not one).
    static func string(_ name: String, _ chart: SCXMLChart, _ instance: StatechartInstance<String, SCXMLEvent, SCXMLContext>) -> String? {
        if case .string(let text)? = chart.value(ofVariable: name, in: instance.context) { return text }
        return nil
    }
}
