import CGStreamer

/// A straight chain of elements as data: each one's factory, name and properties in their
/// string forms (enums by nick, caps as text). `Element.bin(chain:)` makes it, linking each
/// element's "src" pad straight to the next one's "sink" pad: parsed from gst-launch text, the
/// same chain was linked by asking every pad for its caps (`gst_element_link_pads_filtered`),
/// 24 of the 27 ms the launch's three players spent making their video sinks on the main thread.
/// `description` is the chain as gst-launch text (for tests and logs).
public struct ElementChain: Equatable, Sendable {
    public struct Property: Equatable, Sendable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct Link: Equatable, Sendable {
        public var factory: String
        public var name: String?
        public var properties: [Property]

        public init(_ factory: String, name: String? = nil, _ properties: [Property] = []) {
            self.factory = factory
            self.name = name
            self.properties = properties
        }

        var description: String {
            ([factory] + (name.map { ["name=\($0)"] } ?? []) + properties.map { "\($0.name)=\($0.value)" })
                .joined(separator: " ")
        }
    }

    public var links: [Link]

    public init(_ links: [Link]) { self.links = links }

    public var description: String { links.map(\.description).joined(separator: " ! ") }
}

extension Element {
    /// A bin of `chain`'s elements, linked in order without caps checks (each link is video or
    /// audio of one kind throughout; the caps are agreed when the stream starts), with its first
    /// element's sink pad exposed as "sink" and its last element's source pad, when it has one,
    /// as "src". A missing factory throws `missingElement`.
    public static func bin(chain: ElementChain) throws(GStreamerError) -> Element {
        let bin = try make("bin")
        var first: Element?
        var previous: Element?
        for link in chain.links {
            let element = try make(link.factory, name: link.name)
            for property in link.properties { element.set(property.name, property.value) }
            guard bin.add(element) else { throw .invalidDescription(chain.description) }
            if let previous {
                guard let source = previous.staticPad("src"), let sink = element.staticPad("sink"),
                      gst_pad_link_full(source.handle.typed(GstPad.self), sink.handle.typed(GstPad.self),
                                        GST_PAD_LINK_CHECK_NOTHING) == GST_PAD_LINK_OK else {
                    throw .invalidDescription(chain.description)
                }
            }
            first = first ?? element
            previous = element
        }
        guard let input = first?.staticPad("sink"), bin.addGhostPad("sink", target: input) != nil else {
            throw .invalidDescription(chain.description)
        }
        if let output = previous?.staticPad("src") { _ = bin.addGhostPad("src", target: output) }
        return bin
    }
}
