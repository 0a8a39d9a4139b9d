#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage

/// One HTTP request, as the playground reads it.
struct HTTPRequest {
    var method: String
    /// The path without its query.
    var path: String
    /// Header names in lower case.
    var headers: [String: String]
    var body: [UInt8]
}

/// One response: always whole, and the connection closes after it.
struct HTTPResponse {
    var status: Int
    var contentType: String
    var body: [UInt8]

    static func json(_ value: JSON, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(value.text.utf8))
    }

    static func text(_ text: String, status: Int, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, contentType: type, body: Array(text.utf8))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 413: return "Content Too Large"
        default: return "Error"
        }
    }
}

/// A small HTTP/1.1 server over the platform's sockets, for `tapline serve`: it listens on the
/// loopback address only, serves one connection at a time (the sessions it drives are not
/// shared between threads), reads one request a connection and closes it after the response.
/// A client that stalls is dropped after a timeout, so it cannot hold the server.
final class HTTPServer {
    private let listener: Int32
    /// The port it listens on (the one the system chose, when asked for port 0).
    let port: Int

    /// The most a request's head and its body may take.
    static let headLimit = 64 << 10
    static let bodyLimit = Limits.requestBytes

    struct StartError: Error {
        let message: String
    }

    init(port: Int) throws(StartError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StartError(message: "cannot make a socket: \(HTTPServer.errorText())") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian   // 127.0.0.1
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let message = HTTPServer.errorText()
            close(descriptor)
            throw StartError(message: "cannot listen on 127.0.0.1:\(port): \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(listener) }

    /// Serves requests until the process ends.
    func serve(_ handle: (HTTPRequest) -> HTTPResponse) -> Never {
        // A browser that goes away while a response is written must not end the server.
        signal(SIGPIPE, SIG_IGN)
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let response: HTTPResponse
            switch read(connection) {
            case .success(let request): response = handle(request)
            case .failure(let problem): response = .text(problem.message + "\n", status: problem.status)
            }
            write(response, to: connection)
            close(connection)
        }
    }

    struct ReadProblem: Error {
        let status: Int
        let message: String
    }

    private func read(_ connection: Int32) -> Result<HTTPRequest, ReadProblem> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var request: HTTPRequest?
        var bodyStart = 0
        var needed = Int.max
        while bytes.count < needed {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return .failure(ReadProblem(status: 400, message: "the request ended early")) }
            bytes += chunk[..<count]
            guard request == nil else { continue }
            guard let end = HTTPServer.headEnd(in: bytes) else {
                if bytes.count > HTTPServer.headLimit {
                    return .failure(ReadProblem(status: 413, message: "the request's head is longer than \(HTTPServer.headLimit) bytes"))
                }
                continue
            }
            guard let head = HTTPServer.head(bytes[..<end]) else {
                return .failure(ReadProblem(status: 400, message: "the request's head is not HTTP"))
            }
            let length = Int(head.headers["content-length"] ?? "0") ?? -1
            guard length >= 0, length <= HTTPServer.bodyLimit else {
                return .failure(ReadProblem(status: 413, message: "the request's body is larger than \(HTTPServer.bodyLimit) bytes"))
            }
            request = head
            bodyStart = end
            needed = end + length
        }
        guard var whole = request else { return .failure(ReadProblem(status: 400, message: "the request's head is not HTTP")) }
        whole.body = Array(bytes[bodyStart..<needed])
        return .success(whole)
    }

    /// Where the head ends (after its blank line), if it has.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    private static func head(_ bytes: ArraySlice<UInt8>) -> HTTPRequest? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingSpaces
        }
        let target = parts[1]
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "/"
        return HTTPRequest(method: String(parts[0]), path: path, headers: headers, body: [])
    }

    private func write(_ response: HTTPResponse, to connection: Int32) {
        let head = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
            + "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        let all = Array(head.utf8) + response.body
        var sent = 0
        while sent < all.count {
            let count = all[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
