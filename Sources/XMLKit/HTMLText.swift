import CXML2

/// HTML made plain text with libxml2's HTML parser: tags gone, entities decoded, paragraphs
/// and line breaks kept as line breaks, scripts and styles dropped. For what a feed says in
/// HTML (a description), which is shown as text, never as markup.
public enum HTMLText {
    public static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        return read(html)?.text ?? html
    }

    /// The text, and the `href` of each `<a>` in order (as written: the caller decides which
    /// addresses to keep). For comments, whose links are shown as links but never followed as
    /// markup.
    public static func plainWithLinks(_ html: String) -> (text: String, links: [String]) {
        guard html.contains("<") || html.contains("&") else { return (html, []) }
        return read(html) ?? (html, [])
    }

    private static func read(_ html: String) -> (text: String, links: [String])? {
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NOIMPLIED.rawValue)
        LibXML.ready
        let wrapped = "<div>" + html + "</div>"
        let length = Int32(clamping: wrapped.utf8.count)
        let document = wrapped.withCString { htmlReadMemory($0, length, nil, "UTF-8", options) }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        var out = ""
        var links: [String] = []
        collect(xmlDocGetRootElement(document), into: &out, links: &links)
        var lines = out.split(separator: "\n", omittingEmptySubsequences: false).map { PlainText.trimmed(String($0)) }
        // At most one empty line in a row.
        lines = lines.enumerated().filter { index, line in !(line.isEmpty && index > 0 && lines[index - 1].isEmpty) }.map(\.element)
        return (PlainText.trimmed(lines.joined(separator: "\n")), links)
    }

    private static let breaking: Set<String> = ["p", "br", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"]
    private static let skipped: Set<String> = ["script", "style", "head", "title"]

    private static func collect(_ node: xmlNodePtr?, into out: inout String, links: inout [String]) {
        var node = node
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    out += String(String(cString: content).map { $0 == "\n" ? " " : $0 })
                }
            case XML_ELEMENT_NODE:
                let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if !skipped.contains(name) {
                    if name == "br" { out += "\n" }
                    if name == "a", let href = attribute("href", of: current) { links.append(href) }
                    collect(current.pointee.children, into: &out, links: &links)
                    if breaking.contains(name), name != "br", !out.hasSuffix("\n") { out += "\n" }
                }
            default:
                break
            }
            node = current.pointee.next
        }
    }
}

private func attribute(_ wanted: String, of node: xmlNodePtr) -> String? {
    var attribute = node.pointee.properties
    while let property = attribute {
        if property.pointee.name.map({ String(cString: $0).lowercased() }) == wanted {
            // An attribute's value is its one text child (entities already decoded).
            return property.pointee.children?.pointee.content.map { String(cString: $0) } ?? ""
        }
        attribute = property.pointee.next
    }
    return nil
}

/// The `<link>` elements of an HTML page (their attributes, lowercased names), as a feed
/// reader's autodiscovery reads them. Nothing is fetched.
public enum HTMLLinks {
    public static func links(in html: [UInt8]) -> [[String: String]] {
        LibXML.ready
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let document = html.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(clamping: buffer.count), nil, nil, options)
                }
            } ?? nil
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        var found: [[String: String]] = []
        visit(xmlDocGetRootElement(document), into: &found)
        return found
    }

    private static func visit(_ node: xmlNodePtr?, into found: inout [[String: String]]) {
        var node = node
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if name == "link" {
                    var attributes: [String: String] = [:]
                    var attribute = current.pointee.properties
                    while let property = attribute {
                        let key = property.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                        // An attribute's value is its one text child (entities already decoded).
                        attributes[key] = property.pointee.children?.pointee.content.map { String(cString: $0) } ?? ""
                        attribute = property.pointee.next
                    }
                    found.append(attributes)
                }
                // Feeds are announced in the head; the body can be large.
                if name != "body" { visit(current.pointee.children, into: &found) }
            }
            node = current.pointee.next
        }
    }
}

/// Trimming without Foundation (see XMLEventReader).
enum PlainText {
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
