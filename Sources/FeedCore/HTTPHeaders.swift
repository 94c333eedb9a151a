/// An HTTP message's header fields in the order given, looked up without regard to case (as HTTP
/// names are). A name may repeat; the subscript reads the first and sets the only one.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init(_ fields: [Field] = []) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            let index = fields.firstIndex { $0.name.caseInsensitiveEquals(name) }
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.insert(Field(name: name, value: newValue), at: min(index ?? fields.count, fields.count)) }
        }
    }

    /// Adds a field, keeping any of the same name (Set-Cookie, Link).
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public var isEmpty: Bool { fields.isEmpty }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
