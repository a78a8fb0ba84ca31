import Testing
@testable import GameCore

/// The JSON values of the event log: written in key order, parsed back, garbage refused.
@Suite struct JSONTests {
    @Test func test_json_serializesInOrderAndEscapes() {
        let j = JSON.object([("t", .double(1.5)), ("event", "say"), ("text", .string("a\"b\n")), ("n", .null), ("ok", true)])
        #expect(j.serialized() == #"{"t":1.500,"event":"say","text":"a\"b\n","n":null,"ok":true}"#)
    }

    @Test func test_jsonParse_roundTripsAndRejectsGarbage() {
        let text = #"{"b":[1,2.5,"x",true,null],"a":{"k":-3}}"#
        let parsed = JSON.parse(text)
        #expect(parsed?["a"]?["k"]?.intValue == -3)
        #expect(parsed?["b"]?.arrayValue?.count == 5)
        #expect(JSON.parse("{\"a\":") == nil)
        #expect(JSON.parse("[1,2]]") == nil)
        #expect(JSON.parse("") == nil)
        #expect(JSON.parse(String(repeating: "[", count: 10_000)) == nil, "deep nesting is refused, not a crash")
    }
}
