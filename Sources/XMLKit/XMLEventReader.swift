// No Foundation here: libxml2's headers bring Debian's ICU, whose UErrorCode clashes with
// Foundation's own copy of ICU in a clean build.
import CXML2

/// One step through an XML document.
public enum XMLEvent: Sendable, Equatable {
    /// An element opens: its namespace URI ("" for none), local name and attributes by
    /// qualified-free name ("url", and namespaced ones as "{namespace}name").
    case start(namespace: String, name: String, attributes: [String: String])
    /// Character data (CDATA included), as decoded.
    case text(String)
    case end(namespace: String, name: String)
}

/// Why a document could not be read.
public struct XMLReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Reads a document from memory with libxml2's streaming reader (xmlTextReader), element by
/// element, never building a tree: a feed of any size costs little more than its bytes. Safe
/// for documents from anywhere: nothing is fetched from the network, external entities and
/// DTDs are never loaded, and entities are not substituted (libxml2 also limits amplification).
public enum XMLEventReader {
    /// Calls `visit` for each event in order; stops at the first error, which it throws, or
    /// when `visit` returns false.
    public static func read(_ bytes: [UInt8], _ visit: (XMLEvent) -> Bool) throws(XMLReadError) {
        LibXML.ready
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_NOERROR.rawValue)
        let reader = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReaderForMemory($0, Int32(clamping: buffer.count), nil, nil, options)
                }
            } ?? nil
        }
        guard let reader else { throw XMLReadError(message: "empty document") }
        defer { xmlFreeTextReader(reader) }
        // The reader reads from `bytes` as it goes: they must outlive it.
        try withExtendedLifetime(bytes) { () throws(XMLReadError) in
            while true {
                let step = xmlTextReaderRead(reader)
                if step == 0 { return }
                guard step == 1 else { throw XMLReadError(message: lastError() ?? "malformed XML") }
                guard let event = event(reader) else { continue }
                if !visit(event) { return }
                // An empty element (<link/>) has no end node of its own.
                if case .start(let namespace, let name, _) = event, xmlTextReaderIsEmptyElement(reader) == 1,
                   !visit(.end(namespace: namespace, name: name)) { return }
            }
        }
    }

    private static func event(_ reader: xmlTextReaderPtr) -> XMLEvent? {
        switch xmlReaderTypes(rawValue: UInt32(xmlTextReaderNodeType(reader))) {
        case XML_READER_TYPE_ELEMENT:
            let namespace = string(xmlTextReaderConstNamespaceUri(reader))
            let name = string(xmlTextReaderConstLocalName(reader))
            var attributes: [String: String] = [:]
            if xmlTextReaderHasAttributes(reader) == 1 {
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    let attributeNamespace = string(xmlTextReaderConstNamespaceUri(reader))
                    let local = string(xmlTextReaderConstLocalName(reader))
                    // Namespace declarations are not attributes of the element.
                    if attributeNamespace == "http://www.w3.org/2000/xmlns/" || local == "xmlns" { continue }
                    let key = attributeNamespace.isEmpty ? local : "{\(attributeNamespace)}\(local)"
                    attributes[key] = string(xmlTextReaderConstValue(reader))
                }
                xmlTextReaderMoveToElement(reader)
            }
            return .start(namespace: namespace, name: name, attributes: attributes)
        case XML_READER_TYPE_END_ELEMENT:
            return .end(namespace: string(xmlTextReaderConstNamespaceUri(reader)), name: string(xmlTextReaderConstLocalName(reader)))
        case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
            return .text(string(xmlTextReaderConstValue(reader)))
        default:
            return nil
        }
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func lastError() -> String? {
        guard let error = xmlGetLastError(), let message = error.pointee.message else { return nil }
        return PlainText.trimmed(String(cString: message))
    }
}
