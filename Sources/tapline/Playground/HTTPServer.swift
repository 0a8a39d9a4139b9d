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
/// loopback address only, reads its connections as their bytes come, handles one request at a
/// time on one thread (the sessions it drives are not shared between threads), one request a
/// connection, which it closes after the response. A connection that does not bring its
/// request is dropped after a timeout.
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

    /// Serves requests until the process ends. Connections are read as their bytes come
    /// (`poll`), so one a browser opened ahead and never used cannot hold the others; a
    /// request is handled once it is whole, one at a time.
    func serve(_ handle: (HTTPRequest) -> HTTPResponse) -> Never {
        // A browser that goes away while a response is written must not end the server.
        signal(SIGPIPE, SIG_IGN)
        var open: [Connection] = []
        while true {
            var watched = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
                + open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&watched, nfds_t(watched.count), 1000)
            let now = HTTPServer.seconds()
            var kept: [Connection] = []
            for (index, connection) in open.enumerated() {
                let ready = watched[index + 1].revents != 0
                switch ready ? connection.readAvailable() : now - connection.opened > HTTPServer.idleSeconds ? .closed : .waiting {
                case .waiting: kept.append(connection)
                case .complete(let request): finish(connection, handle(request))
                case .failed(let problem): finish(connection, .text(problem.message + "\n", status: problem.status))
                case .closed: close(connection.descriptor)
                }
            }
            if watched[0].revents & Int16(POLLIN) != 0 {
                let descriptor = accept(listener, nil, nil)
                if descriptor >= 0 {
                    var timeout = timeval(tv_sec: Int(HTTPServer.idleSeconds), tv_usec: 0)
                    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    kept.append(Connection(descriptor: descriptor, opened: now))
                }
            }
            open = kept
        }
    }

    /// How long a connection may stay without bringing its whole request.
    static let idleSeconds = 10.0

    private func finish(_ connection: Connection, _ response: HTTPResponse) {
        write(response, to: connection.descriptor)
        close(connection.descriptor)
    }

    static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    struct ReadProblem: Error {
        let status: Int
        let message: String
    }

    /// One connection's request, read as its bytes arrive.
    final class Connection {
        let descriptor: Int32
        let opened: Double
        private var bytes: [UInt8] = []
        private var request: HTTPRequest?
        private var bodyStart = 0
        private var needed = Int.max

        enum State {
            case waiting, complete(HTTPRequest), failed(ReadProblem), closed
        }

        init(descriptor: Int32, opened: Double) {
            self.descriptor = descriptor
            self.opened = opened
        }

        /// Takes what has arrived (the socket said it is readable, so this does not wait).
        func readAvailable() -> State {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return .closed }
            bytes += chunk[..<count]
            if request == nil {
                guard let end = HTTPServer.headEnd(in: bytes) else {
                    return bytes.count > HTTPServer.headLimit
                        ? .failed(ReadProblem(status: 413, message: "the request's head is longer than \(HTTPServer.headLimit) bytes")) : .waiting
                }
                guard let head = HTTPServer.head(bytes[..<end]) else { return .failed(ReadProblem(status: 400, message: "the request's head is not HTTP")) }
                let length = Int(head.headers["content-length"] ?? "0") ?? -1
                guard length >= 0, length <= HTTPServer.bodyLimit else {
                    return .failed(ReadProblem(status: 413, message: "the request's body is larger than \(HTTPServer.bodyLimit) bytes"))
                }
                (request, bodyStart, needed) = (head, end, end + length)
            }
            guard bytes.count >= needed, var whole = request else { return .waiting }
            whole.body = Array(bytes[bodyStart..<needed])
            return .complete(whole)
        }
    }

    /// Where the head ends (after its blank line), if it has.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    static func head(_ bytes: ArraySlice<UInt8>) -> HTTPRequest? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop(while: \.isHeaderSpace).droppingTrailing(while: \.isHeaderSpace))
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

extension Character {
    /// The blanks around an HTTP header's value.
    fileprivate var isHeaderSpace: Bool { self == " " || self == "\t" }
}
