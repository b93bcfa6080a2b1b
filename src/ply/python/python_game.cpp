#include <iterator>

#include <ply/python/python_game.hpp>

namespace ply::python {

namespace {

// A copy of the user's object that the search may change.
py::object copy_of(const py::object& object) {
    if (py::hasattr(object, "copy")) return object.attr("copy")();
    return py::module_::import("copy").attr("deepcopy")(object);
}

std::string type_name(PyObject* object) { return Py_TYPE(object)->tp_name; }

// ply.Outcome's members as Python holds them: outcome() mostly returns one
// of these very objects, told apart without a cast.
PyObject* outcome_members[static_cast<int>(Outcome::Scored) + 1] = {};

}  // namespace

void keep_outcome_members(py::handle outcome_type) {
    for (const auto& [name, member] : outcome_type.attr("__members__").cast<py::dict>())
        outcome_members[static_cast<int>(member.cast<Outcome>())] = member.inc_ref().ptr();
}

namespace {}  // namespace

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
    const py::object moves = call(methods_.legal_moves);
    if (!moves) return;
    const auto sequence =
        py::reinterpret_steal<py::object>(PySequence_Fast(moves.ptr(), "legal_moves() must return an iterable"));
    if (!sequence) return context_->fail();
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence.ptr());
    if (count > static_cast<Py_ssize_t>(max_moves))
        return context_->fail(PyExc_ValueError, "legal_moves() returned " + std::to_string(count) +
                                                    " moves; a Python game may have at most " +
                                                    std::to_string(max_moves) + " a position");
    PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
    for (Py_ssize_t i = 0; i < count; ++i) {
        const std::uint32_t n = context_->number(items[i]);
        if (context_->failed()) return out.clear();
        out.push_back(n);
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
        return result.cast<Outcome>();
    } catch (const py::cast_error&) {
        context_->fail(PyExc_TypeError, "outcome() must return a ply.Outcome, not '" + type_name(result.ptr()) + "'");
        return Outcome::Draw;
    }
}

template <bool Hashed>
Score PythonGame<Hashed>::evaluate() const {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return 0;
    const py::object result = call(methods_.evaluate);
    if (!result) return 0;
    const long long value = PyLong_AsLongLong(result.ptr());
    if (value == -1 && PyErr_Occurred()) {
        context_->fail();
        return 0;
    }
    if (value < -kMaxEval || value > kMaxEval) {
        context_->fail(PyExc_ValueError, "evaluate() returned " + std::to_string(value) + ", outside -" +
                                             std::to_string(kMaxEval) + " to " + std::to_string(kMaxEval));
        return 0;
    }
    return static_cast<Score>(value);
}

template <bool Hashed>
std::uint64_t PythonGame<Hashed>::hash() const requires Hashed {
    const py::gil_scoped_acquire gil;
    if (context_->failed()) return 0;
    const py::object result = call(methods_.hash);
    if (!result) return 0;
    const unsigned long long value = PyLong_AsUnsignedLongLongMask(result.ptr());
    if (value == static_cast<unsigned long long>(-1) && PyErr_Occurred()) context_->fail();
    return value;
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
