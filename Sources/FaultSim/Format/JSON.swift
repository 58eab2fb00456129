/// A JSON value that keeps what scenario validation needs and Foundation's parser loses:
/// object key order, duplicate keys (an error), exact number text, and line numbers.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(key: String, value: JSONValue, line: Int)])
    case array([JSONValue])
    case string(String)
    /// The number exactly as written, so 64-bit seeds stay exact.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(l), .object(r)):
            l.count == r.count && zip(l, r).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(l), .array(r)): l == r
        case let (.string(l), .string(r)): l == r
        case let (.number(l), .number(r)): l == r
        case let (.bool(l), .bool(r)): l == r
        case (.null, .null): true
        default: false
        }
    }

    /// How the value reads in an error message.
    public var rendered: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }
}

/// A JSON syntax error with its line and column (1-based).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let line: Int
    public let column: Int
    public let message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes (no comments, no trailing commas).
public struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// Nesting bound: deeper input is rejected instead of overflowing the stack.
    private static let maxDepth = 64

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: position - lineStart + 1, message: message)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw error("expected '\(word)'") }
            position += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var fields: [(key: String, value: JSONValue, line: Int)] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyLine = line
            let key = try parseString()
            if fields.contains(where: { $0.key == key }) { throw error("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
            position += 1
            skipWhitespace()
            fields.append((key, try parseValue(depth: depth + 1), keyLine))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(fields) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
                    else { throw error("bad \\u escape") }
                    position += 4
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw error("bad escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0x00..<0x20:
                throw error("control character in a string")
            default:
                raw.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digits() > 0 else { throw error("expected digits") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected exponent digits") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }
}
