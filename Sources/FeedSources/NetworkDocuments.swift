public import FeedCore
public import Foundation

/// What both networks answer alike: `/api/v1/config` (which says which network a server is)
/// and their error bodies.
public enum NetworkDocuments {
    /// PeerTube (its config has `serverVersion`), Loops (`app.software` "loops"), or nil for
    /// neither (a search index, another site, or JSON of another shape).
    public static func serverInfo(_ data: Data) throws(RemoteDocumentError) -> RemoteServerInfo? {
        let config = try NetworkJSON.object(data)
        if let version = config.text("serverVersion") {
            let instance = config.object("instance")
            return RemoteServerInfo(network: .peertube, name: NetworkText.title(instance?.string("name")), version: NetworkText.name(version),
                                    description: NetworkText.description(instance?.string("shortDescription")),
                                    hidesSensitiveByDefault: instance?.string("defaultNSFWPolicy") == "do_not_list")
        }
        if let app = config.object("app"), app.string("software")?.lowercased() == "loops" {
            return RemoteServerInfo(network: .loops, name: NetworkText.title(app.string("name")),
                                    version: app.text("version").map { NetworkText.name($0) },
                                    description: NetworkText.description(app.string("description")))
        }
        return nil
    }

    /// An error body: PeerTube's problem+json (`status`, `detail` or `title`, `code`,
    /// `invalid-params`), Loops' `{error: {code, message}}`, `{message, errors}` (422) or
    /// `{message, retry_after}` (429). nil when it is none of them.
    public static func problem(_ data: Data) -> RemoteProblem? {
        guard let body = try? NetworkJSON.object(data) else { return nil }
        if let error = body.object("error"), let message = error.text("message") {
            return RemoteProblem(status: error.integer("code", in: 100...599), message: NetworkText.title(message))
        }
        guard let message = body.text("detail") ?? body.text("title") ?? body.text("message") ?? body.text("error_description")
        else { return nil }
        let parameters = (body.object("invalid-params") ?? body.object("errors"))?.fields.keys.sorted().prefix(20) ?? []
        return RemoteProblem(status: body.integer("status", in: 100...599), code: body.text("code").map { NetworkText.name($0) },
                             message: NetworkText.title(message), retryAfter: body.integer("retry_after", in: 0...86_400),
                             invalidParameters: parameters.map { NetworkText.name($0) })
    }
}
