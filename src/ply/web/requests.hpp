// Reading the JSON bodies of the server's requests: every field checked for
// its type and range, with a one-line ply::ParseError naming it otherwise.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include <ply/web/game_api.hpp>

namespace ply::web {

// JSON text that never throws: a message quoting part of a request may cut a
// character in two, and that is replaced rather than fatal.
std::string json_text(const nlohmann::json& j);

// The body as a JSON object.
nlohmann::json parse_body(const std::string& body);

// A string field, `fallback` when absent.
std::string text_field(const nlohmann::json& body, const char* key, const std::string& fallback);

TraceRequest trace_request(const nlohmann::json& body);
CompareRequest compare_request(const nlohmann::json& body);
GameLine game_line(const nlohmann::json& body);
ThinkLimits think_limits(const nlohmann::json& body);

}  // namespace ply::web
