#include <algorithm>
#include <array>
#include <iterator>
#include <optional>

#include <ply/core/hash.hpp>
#include <ply/python/python_game.hpp>

namespace ply::python {

namespace {

// A copy of the user's object that the search may change.
py::object copy_of(const py::object& object) {
    py::object copy =
        py::hasattr(object, "copy") ? object.attr("copy")() : py::module_::import("copy").attr("deepcopy")(object);
    // Copies that share one state would see each other's moves.
    if (copy.is(object)) {
        PyErr_SetString(PyExc_ValueError, "copy() returned the game itself: it must return a new object");
        throw py::error_already_set();
    }
    return copy;
}

std::string type_name(PyObject* object) { return Py_TYPE(object)->tp_name; }

// repr() for a message; a repr that raises is shown as the type's name.
std::string repr_of(const py::handle object) {
    if (const auto text = py::reinterpret_steal<py::object>(PyObject_Repr(object.ptr())))
        if (const char* utf8 = PyUnicode_AsUTF8(text.ptr())) return utf8;
    PyErr_Clear();
    return "a " + type_name(object.ptr());
}

// A move a position lists twice: the searches would count it twice (and the
// engine's root, which ranks moves, would lose one of its scores).
template <std::size_t N>
std::optional<std::uint32_t> repeated_move(const MoveList<std::uint32_t, N>& moves) {
    std::array<std::uint32_t, N> sorted;
    const auto end = std::copy(moves.begin(), moves.end(), sorted.begin());
    std::sort(sorted.begin(), end);
    if (const auto it = std::adjacent_find(sorted.begin(), end); it != end) return *it;
    return std::nullopt;
}

// The int a Python method returned (an int, or what has __index__: numpy's);
// null once it failed.
py::object as_int(Context& context, const py::object& result, const char* method) {
    auto integer = py::reinterpret_steal<py::object>(PyNumber_Index(result.ptr()));
    if (!integer) {
        PyErr_Clear();
        context.fail(PyExc_TypeError,
                     std::string(method) + " must return an int, not '" + type_name(result.ptr()) + "'");
    }
    return integer;
}

// An int result of a Python method, within [lowest, highest]; nullopt once it failed.
std::optional<long long> checked_int(Context& context, const py::object& result, const char* method, long long lowest,
                                     long long highest) {
    const auto integer = as_int(context, result, method);
    if (!integer) return std::nullopt;
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(integer.ptr(), &overflow);
    if (overflow || value < lowest || value > highest) {
        context.fail(PyExc_ValueError, std::string(method) + " returned " + clip(repr_of(result)) + ", outside " +
                                           std::to_string(lowest) + " to " + std::to_string(highest));
        return std::nullopt;
    }
    return value;
}

// ply.Outcome's members as Python holds them: outcome() mostly returns one
// of these very objects, told apart without a cast.
PyObject* outcome_members[static_cast<int>(Outcome::Scored) + 1] = {};

}  // namespace

void keep_outcome_members(py::handle outcome_type) {
    for (const auto& [name, member] : outcome_type.attr("__members__").cast<py::dict>())
        outcome_members[static_cast<int>(member.cast<Outcome>())] = member.inc_ref().ptr();
}

std::uint32_t Context::number(PyObject* move) {
    if (PyLong_CheckExact(move)) {
        int overflow = 0;
        const long long value = PyLong_AsLongLongAndOverflow(move, &overflow);
        if (!overflow && value >= 0 && value < kNamed) return static_cast<std::uint32_t>(value);
        PyErr_Clear();
    }
    if (PyObject* known = PyDict_GetItemWithError(numbers_.ptr(), move))
        return kNamed | static_cast<std::uint32_t>(PyLong_AsUnsignedLong(known));
    if (PyErr_Occurred()) {  // unhashable
        fail();
        return 0;
    }
    const auto n = static_cast<std::uint32_t>(named_.size());
    named_.push_back(py::reinterpret_borrow<py::object>(move));
    const py::int_ value(n);
    if (PyDict_SetItem(numbers_.ptr(), move, value.ptr()) != 0) fail();
    return kNamed | n;
}

py::object Context::move_object(std::uint32_t number) const {
    if (number & kNamed) return named_.at(number & ~kNamed);
    return py::int_(number);
}

void Context::fail() {
    if (!failed_.exchange(true))
        error_.emplace();  // fetches the error being raised
    else
        PyErr_Clear();
    std::lock_guard lock(mutex_);
    if (on_failure_) on_failure_();
}

void Context::fail(PyObject* type, const std::string& message) {
    PyErr_SetString(type, message.c_str());
    fail();
}

void Context::throw_if_failed() const {
    if (error_) throw py::error_already_set(*error_);
}

void check_python_game(py::handle object) {
    for (const char* method : {"legal_moves", "play", "undo", "outcome", "evaluate"})
        if (!py::hasattr(object, method))
            throw py::type_error("a game for Ply needs legal_moves(), play(move), undo(), outcome() and evaluate(): '" +
                                 type_name(object.ptr()) + "' has no " + method + "()");
}

template <bool Hashed>
PythonGame<Hashed>::PythonGame(py::object object, std::shared_ptr<Context> context)
    : object_(copy_of(object)), context_(std::move(context)) {
    bind_methods();
}

template <bool Hashed>
PythonGame<Hashed>::PythonGame(const PythonGame& other) : context_(other.context_) {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return;
    try {
        object_ = copy_of(other.object_);
        bind_methods();
    } catch (py::error_already_set& e) {
        e.restore();
        context_->fail();
    }
}

template <bool Hashed>
PythonGame<Hashed>& PythonGame<Hashed>::operator=(const PythonGame& other) {
    if (this != &other) {
        PythonGame copy(other);
        const py::gil_scoped_acquire gil;
        std::swap(object_, copy.object_);
        std::swap(methods_, copy.methods_);
        std::swap(context_, copy.context_);
    }
    return *this;
}

template <bool Hashed>
PythonGame<Hashed>::~PythonGame() {
    const py::gil_scoped_acquire gil;
    methods_ = {};
    object_ = {};
    context_.reset();
}

template <bool Hashed>
void PythonGame<Hashed>::bind_methods() {
    methods_.legal_moves = object_.attr("legal_moves");
    methods_.play = object_.attr("play");
    methods_.undo = object_.attr("undo");
    methods_.outcome = object_.attr("outcome");
    methods_.evaluate = object_.attr("evaluate");
    if constexpr (Hashed) methods_.hash = object_.attr("hash");
}

template <bool Hashed>
py::object PythonGame<Hashed>::call(const py::object& method) const {
    PyObject* result = PyObject_CallNoArgs(method.ptr());
    if (!result) context_->fail();
    return py::reinterpret_steal<py::object>(result);
}

template <bool Hashed>
void PythonGame<Hashed>::generate_moves(MoveList<Move, max_moves>& out) const {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return;
    // A search of C++ callbacks alone (a game of builtins) would never see Ctrl-C.
    if (PyErr_CheckSignals() != 0) return context_->fail();
    const py::object moves = call(methods_.legal_moves);
    if (!moves) return;
    // A tuple of its own: the moves' __hash__ and __eq__ may change the list returned.
    const auto sequence = py::reinterpret_steal<py::object>(PySequence_Tuple(moves.ptr()));
    if (!sequence)
        return context_->fail(PyExc_TypeError,
                              "legal_moves() must return an iterable, not '" + type_name(moves.ptr()) + "'");
    const Py_ssize_t count = PyTuple_GET_SIZE(sequence.ptr());
    if (count > static_cast<Py_ssize_t>(max_moves))
        return context_->fail(PyExc_ValueError, "legal_moves() returned " + std::to_string(count) +
                                                    " moves; a Python game may have at most " +
                                                    std::to_string(max_moves) + " a position");
    for (Py_ssize_t i = 0; i < count; ++i) {
        const std::uint32_t n = context_->number(PyTuple_GET_ITEM(sequence.ptr(), i));
        if (context_->failed()) return out.clear();
        out.push_back(n);
    }
    if (const auto repeated = repeated_move(out)) {
        context_->fail(PyExc_ValueError, "legal_moves() lists " + clip(repr_of(context_->move_object(*repeated))) +
                                             " twice: each legal move must be listed once");
        return out.clear();
    }
    if (count == 0 && !is_over(outcome()))
        context_->fail(PyExc_ValueError,
                       "legal_moves() is empty but outcome() is ONGOING: a position without "
                       "moves must be over (WIN, LOSS, DRAW or SCORED)");
}

template <bool Hashed>
void PythonGame<Hashed>::make(Move m) {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return;
    const py::object move = context_->move_object(m);
    if (PyObject* r = PyObject_CallOneArg(methods_.play.ptr(), move.ptr()))
        Py_DECREF(r);
    else
        context_->fail();
}

template <bool Hashed>
void PythonGame<Hashed>::unmake(Move) {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return;
    call(methods_.undo);
}

template <bool Hashed>
Outcome PythonGame<Hashed>::outcome() const {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return Outcome::Draw;
    const py::object result = call(methods_.outcome);
    if (!result) return Outcome::Draw;
    for (int o = 0; o < static_cast<int>(std::size(outcome_members)); ++o)
        if (result.ptr() == outcome_members[o]) return static_cast<Outcome>(o);
    try {
        const auto o = result.cast<Outcome>();  // ply.Outcome(7) casts too
        if (o <= Outcome::Scored) return o;
    } catch (const py::builtin_exception&) {  // not an Outcome, None, one made without __init__
    }
    context_->fail(PyExc_TypeError, "outcome() must return a member of ply.Outcome, not " + clip(repr_of(result)));
    return Outcome::Draw;
}

template <bool Hashed>
Score PythonGame<Hashed>::evaluate() const {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return 0;
    const py::object result = call(methods_.evaluate);
    if (!result) return 0;
    return static_cast<Score>(checked_int(*context_, result, "evaluate()", -kMaxEval, kMaxEval).value_or(0));
}

template <bool Hashed>
std::uint64_t PythonGame<Hashed>::hash() const requires Hashed {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return 0;
    const py::object result = call(methods_.hash);
    if (!result) return 0;
    const auto integer = as_int(*context_, result, "hash()");
    // Any int, its low 64 bits mixed: tables index by high bits, and Python's
    // own hash of a small tuple or int leaves them nearly all zero.
    return integer ? mix64(PyLong_AsUnsignedLongLongMask(integer.ptr())) : 0;
}

template <bool Hashed>
PythonGame<Hashed> PythonGame<Hashed>::from_position(std::string_view) {
    throw ParseError("a game written in Python has no position notation");
}

template <bool Hashed>
std::string PythonGame<Hashed>::position() const {
    const py::gil_scoped_acquire gil;
    return object_ ? std::string(py::repr(object_)) : "";
}

template <bool Hashed>
typename PythonGame<Hashed>::Move PythonGame<Hashed>::parse_move(std::string_view) const {
    throw ParseError("a game written in Python has no move notation");
}

template <bool Hashed>
std::string PythonGame<Hashed>::move_to_string(Move m) const {
    const py::gil_scoped_acquire gil;
    return py::str(context_->move_object(m));
}

template <bool Hashed>
std::string PythonGame<Hashed>::render() const {
    const py::gil_scoped_acquire gil;
    return object_ ? std::string(py::str(object_)) : "";
}

template class PythonGame<false>;
template class PythonGame<true>;

Searches python_searches_plain();
Searches python_searches_hashed();

Searches python_searches(bool hashed) { return hashed ? python_searches_hashed() : python_searches_plain(); }

}  // namespace ply::python
