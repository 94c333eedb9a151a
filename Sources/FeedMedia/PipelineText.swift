import Foundation
import GStreamerKit

/// A gst-launch description and the files its elements read or write. Paths are never spliced
/// into the text (a quote or a backslash in a file name would break the parse, or change what
/// is parsed): each file element is named, and its `location` is set as a property afterwards.
public struct PipelineText: Sendable, Equatable {
    public var description: String
    /// Element name -> the path for its `location`.
    public var locations: [String: String]

    public init(_ description: String, locations: [String: String] = [:]) {
        self.description = description
        self.locations = locations
    }

    public static func + (text: PipelineText, more: PipelineText) -> PipelineText {
        PipelineText(text.description + more.description, locations: text.locations.merging(more.locations) { $1 })
    }

    /// Parses the text into a pipeline with every location set.
    func parse() throws -> Pipeline {
        let pipeline = try Pipeline.parse(description)
        try setLocations(in: pipeline)
        return pipeline
    }

    /// Parses the text into a bin (ghost pads as `Element.bin`) with every location set.
    func bin(ghostUnlinkedPads: Bool = true) throws -> Element {
        let bin = try Element.bin(description: description, ghostUnlinkedPads: ghostUnlinkedPads)
        try setLocations(in: bin)
        return bin
    }

    private func setLocations(in bin: Element) throws {
        for (name, path) in locations {
            guard let element = bin.child(named: name) else { throw GStreamerError.invalidDescription("no element \(name)") }
            element.handle.set("location", path)
        }
    }
}
