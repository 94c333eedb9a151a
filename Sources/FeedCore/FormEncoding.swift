/// `application/x-www-form-urlencoded` as HTML and OAuth (RFC 6749, appendix B) write it:
/// every byte but the unreserved ones percent-encoded, a space as `+`, fields in name order so
/// a request is the same each time.
public enum FormEncoding {
    public static func encode(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { escape($0.key) + "=" + escape($0.value) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): out += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
