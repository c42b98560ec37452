import Foundation

/// `<datamodel>`, `<data>`, `<donedata>` and `<script>`, with the loading of `src` attributes.
extension SCXMLDocumentBuilder {
    mutating func dataModel(_ element: XMLElementNode) -> [SCXMLData] {
        checkAttributes(element)
        var result: [SCXMLData] = []
        for child in children(of: element, allowing: ["data"]) {
            checkAttributes(child)
            guard let id = required("id", child) else { continue }
            let content = inlineContent(child)
            let sources = [child.attribute("expr") != nil, child.attribute("src") != nil, content != nil].filter { $0 }
            if sources.count > 1 { problem("<data> takes only one of 'expr', 'src' and inline content", child) }
            var data = SCXMLData(id: id, expression: child.attribute("expr"), src: child.attribute("src"), content: content,
                                 position: child.position)
            if let src = data.src {
                switch load(src) {
                case .success(let text): data.loadedSource = .text(text)
                case .failure(let failure): data.loadedSource = .failure(failure.message)
                }
            }
            result.append(data)
        }
        return result
    }

    mutating func doneData(_ element: XMLElementNode) -> SCXMLDoneData {
        checkAttributes(element)
        var doneData = SCXMLDoneData(position: element.position)
        for child in children(of: element, allowing: ["content", "param"]) {
            if child.name == "param" {
                if let param = param(child) { doneData.params.append(param) }
            } else {
                if doneData.content != nil { problem("<donedata> has at most one <content>", child) }
                doneData.content = content(child)
            }
        }
        if doneData.content != nil && !doneData.params.isEmpty {
            problem("<donedata> takes <content> or <param> elements, not both", element)
        }
        return doneData
    }

    mutating func script(_ element: XMLElementNode) -> SCXMLScript? {
        checkAttributes(element)
        _ = children(of: element, allowing: [], text: true)
        let text = element.text
        guard let src = element.attribute("src") else {
            return SCXMLScript(source: text, position: element.position)
        }
        if !text.allSatisfy(\.isWhitespace) { problem("<script> takes either 'src' or inline code, not both", element) }
        switch load(src) {
        case .success(let loaded):
            return SCXMLScript(source: loaded, src: src, position: element.position)
        case .failure(let failure):
            problem(failure.message, element)
            return nil
        }
    }

    /// Loads a `src` attribute: a `file:` URL or a path, relative to the document's location.
    func load(_ src: String) -> Result<String, LoadFailure> {
        var path = src
        if path.hasPrefix("file://") {
            path = String(path.dropFirst("file://".count))
        } else if path.hasPrefix("file:") {
            path = String(path.dropFirst("file:".count))
        } else if let colon = path.firstIndex(of: ":"), path[..<colon].count > 1,
                  path[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }) {
            return .failure(LoadFailure(message: "cannot load '\(src)': only local files can be loaded"))
        }
        let url: URL
        if path.hasPrefix("/") {
            url = URL(fileURLWithPath: path)
        } else if let baseURL {
            url = baseURL.appendingPathComponent(path)
        } else {
            return .failure(LoadFailure(message: "cannot load '\(src)': the document has no location to resolve it from"))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(LoadFailure(message: "cannot load '\(src)': no readable file at \(url.path)"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    /// Why a `src` could not be loaded.
    struct LoadFailure: Error {
        var message: String
    }
}
