import FeedCore
import Foundation

/// A network's JSON read without trusting it: refused unread over 10 MB, parsed by Foundation
/// (which refuses nesting past 512 levels), then every field taken only when it has the type it
/// should (a wrong type reads as missing) and every number only when it is a sane one.
enum NetworkJSON {
    /// The parsed document; nil-free: throws when it is too large or not JSON.
    static func parse(_ data: Data) throws(RemoteDocumentError) -> Any {
        guard data.count <= RemoteDocumentError.maximumBytes else { throw .tooLarge(bytes: data.count) }
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notJSON
        }
    }

    /// The document as an object.
    static func object(_ data: Data) throws(RemoteDocumentError) -> JSONObject {
        guard let object = JSONObject(try parse(data)) else { throw .unexpected("not a JSON object") }
        return object
    }

    /// Counts and ids stay within what JavaScript numbers hold exactly (2^53 - 1): past that a
    /// server is not counting.
    static let largestCount = 9_007_199_254_740_991

    /// JSON's `true`/`false` (Foundation gives them as NSNumbers of type `c`, never numbers).
    static func bool(_ value: Any?) -> Bool? {
        guard let number = value as? NSNumber, isBoolean(number) else { return nil }
        return number.boolValue
    }

    /// A whole number within Int64 (not a boolean; a float only when it is whole and exact).
    static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number), !(number is NSDecimalNumber) else { return nil }
        switch String(cString: number.objCType) {
        case "d", "f":
            let double = number.doubleValue
            guard double.isFinite, double == double.rounded(), abs(double) <= Double(largestCount) else { return nil }
            return Int(double)
        case "Q":
            return number.uint64Value <= UInt64(Int64.max) ? Int(number.int64Value) : nil
        default:
            return Int(exactly: number.int64Value)
        }
    }

    /// A finite number (not a boolean).
    static func double(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}

/// A JSON object whose fields are read by type: what has another type is nil.
struct JSONObject {
    let fields: [String: Any]

    init?(_ value: Any?) {
        guard let fields = value as? [String: Any] else { return nil }
        self.fields = fields
    }

    func string(_ key: String) -> String? { fields[key] as? String }

    /// Missing, or JSON's null.
    func isNull(_ key: String) -> Bool { fields[key] == nil || fields[key] is NSNull }

    /// A string that is not empty after trimming.
    func text(_ key: String) -> String? {
        guard let text = string(key), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    func bool(_ key: String) -> Bool? { NetworkJSON.bool(fields[key]) }

    /// A count: a whole number from 0 to 2^53 - 1 (a negative or larger count is no count).
    func count(_ key: String) -> Int? { integer(key, in: 0...NetworkJSON.largestCount) }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = NetworkJSON.integer(fields[key]), range.contains(value) else { return nil }
        return value
    }

    func double(_ key: String, in range: ClosedRange<Double>) -> Double? {
        guard let value = NetworkJSON.double(fields[key]), range.contains(value) else { return nil }
        return value
    }

    /// An id as a string: a string, or a whole number from 0 to 2^53 - 1, that may be put into
    /// an address (`RemoteVideoID.isValidID`).
    func identifier(_ key: String) -> String? {
        if let text = string(key) { return RemoteVideoID.isValidID(text) ? text : nil }
        return count(key).map(String.init)
    }

    func object(_ key: String) -> JSONObject? { JSONObject(fields[key]) }

    func array(_ key: String) -> [Any]? { fields[key] as? [Any] }

    /// The objects of a list (anything else in it is skipped); nil when it is no list.
    func objects(_ key: String) -> [JSONObject]? { array(key).map { $0.compactMap(JSONObject.init) } }

    /// The strings of a list (anything else in it is skipped).
    func strings(_ key: String) -> [String] { array(key)?.compactMap { $0 as? String } ?? [] }
}
