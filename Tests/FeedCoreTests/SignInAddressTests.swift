import FeedCore
import Foundation
import XCTest

/// Where a password may go: https anywhere, plain http only to this computer; and the form body
/// OAuth's token requests are written in.
final class SignInAddressTests: XCTestCase {
    func testHttpsAnywhereAndPlainHttpOnlyToThisComputer() {
        func origin(_ typed: String) -> String? { try? SignInAddress.origin(of: typed).get().absoluteString }
        XCTAssertEqual(origin("tube.example"), "https://tube.example", "https unless it says otherwise")
        XCTAssertEqual(origin(" https://Tube.Example:8443/videos/trending "), "https://tube.example:8443", "the origin only")
        XCTAssertEqual(origin("http://127.0.0.2:41234"), "http://127.0.0.2:41234")
        XCTAssertEqual(origin("http://127.255.1.9"), "http://127.255.1.9")
        XCTAssertEqual(origin("http://[::1]:8080"), "http://[::1]:8080")
        for refused in ["http://tube.example", "http://128.0.0.1", "http://127.0.0.1.evil.example", "http://localhost",
                        "ftp://tube.example", "file:///etc/passwd", "https://user:pass@tube.example", "", "https://"] {
            XCTAssertEqual(SignInAddress.origin(of: refused).map(\.absoluteString), .failure(.insecureAddress(refused)), refused)
        }
    }

    func testFormFieldsAreEncodedAsOAuthReadsThem() {
        XCTAssertEqual(FormEncoding.encode(["username": "ann", "password": "a b&c=d+é/~"]),
                       "password=a+b%26c%3Dd%2B%C3%A9%2F%7E&username=ann")
    }

    func testTheAccessTokenIsRenewedAMinuteEarlyAndAnExpiredRefreshMeansSigningInAgain() {
        let start = Date(timeIntervalSince1970: 1_000)
        let tokens = AccountTokens(access: "a", refresh: "r", accessExpires: start.addingTimeInterval(3_600),
                                   refreshExpires: start.addingTimeInterval(7_200))
        XCTAssertFalse(tokens.accessNeedsRenewal(at: start.addingTimeInterval(3_539)))
        XCTAssertTrue(tokens.accessNeedsRenewal(at: start.addingTimeInterval(3_540)))
        XCTAssertFalse(tokens.refreshExpired(at: start.addingTimeInterval(7_199)))
        XCTAssertTrue(tokens.refreshExpired(at: start.addingTimeInterval(7_200)))
        XCTAssertFalse(AccountTokens(access: "a", refresh: "r", accessExpires: start, refreshExpires: nil).refreshExpired(at: .distantFuture))
    }
}
