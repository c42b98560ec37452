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

    /// Loads a `src` attribute, as the reader's ``SCXMLReader/SourceAccess`` allows.
    func load(_ src: String) -> Result<String, SCXMLSourceLoader.Failure> {
        sources.load(src)
    }
}
