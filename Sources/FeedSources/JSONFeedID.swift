/// An id in a JSON feed or API answer: a string (JSON Feed 1.1, Loops), or a number as many
/// servers send it, kept as text.
struct JSONFeedID: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) { value = text } else { value = String(try container.decode(Int64.self)) }
    }
}
