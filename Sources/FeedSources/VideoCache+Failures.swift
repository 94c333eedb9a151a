import FeedCore
import Foundation
import Localization

/// What a failed download or write is called on the card: plain words, the host named, the
/// system's or server's reason kept as the detail.
extension VideoCache {
    nonisolated static func writeFailure(_ error: any Error) -> MediaError {
        if let error = error as? CacheWriteError, error.isDiskFull {
            return MediaError(kind: .network, message: tr("The disk is full: this video can’t be downloaded."),
                              detail: error.description)
        }
        return MediaError(kind: .network, message: tr("This video can’t be saved in the cache."), detail: "\(error)")
    }

    nonisolated static func mediaError(_ failure: HTTPFailure, address: String) -> MediaError {
        let host = URL(string: address)?.host ?? address
        switch failure {
        case .cannotConnect:
            return MediaError(kind: .offline, message: tr("Can’t reach {host}, and this video isn’t saved on this computer yet.",
                                                         ["host": host]), detail: failure.description)
        case .timedOut:
            return MediaError(kind: .network, message: tr("{host} didn’t answer within 10 seconds.", ["host": host]),
                              detail: failure.description)
        case .stalled:
            return MediaError(kind: .network, message: tr("The download from {host} stopped for 15 seconds.", ["host": host]),
                              detail: failure.description)
        case .status(404), .status(410):
            return MediaError(kind: .notFound, message: tr("{host} no longer has this video.", ["host": host]),
                              detail: failure.description)
        case .status(let code):
            return MediaError(kind: .network, message: tr("{host} couldn’t send this video (error {code}).",
                                                         ["host": host, "code": code]), detail: failure.description)
        case .tooLarge:
            return MediaError(kind: .other, message: tr("This video is larger than 1 GB, so it isn’t downloaded."),
                              detail: failure.description)
        case .tls:
            return MediaError(kind: .network, message: tr("The secure connection to {host} failed.", ["host": host]),
                              detail: failure.description)
        case .tooManyRedirects, .notWeb:
            return MediaError(kind: .network, message: tr("{host} sent this video somewhere Loopfeed doesn’t follow.",
                                                         ["host": host]), detail: failure.description)
        case .asksToWait(let seconds):
            return MediaError(kind: .network, message: tr("{host} is busy and asked to wait {seconds} s.",
                                                         ["host": host, "seconds": String(seconds)]), detail: failure.description)
        case .cancelled, .network:
            return MediaError(kind: .network, message: tr("The download from {host} failed.", ["host": host]),
                              detail: failure.description)
        }
    }
}
