/// The client a server's OAuth gives this app, as PeerTube's `oauth-clients/local` and Loops'
/// `/api/v1/apps` both write it.
struct OAuthClientDocument: Decodable {
    // Named as the APIs name them.
    let client_id: String
    let client_secret: String
}
