// What Python lets any code do to any object, made safe for every class of
// the module at once: pickling at every protocol, copying, and objects made
// by __new__ without __init__ (which pybind11 would hand to a method as
// uninitialised memory).
#include <string>

#include <ply/python/api.hpp>

namespace ply::python {

namespace {

// pybind11 allocates the C++ value of an object whose __init__ never ran
// when a method first takes it: this makes that a TypeError instead.
void* refuse_uninitialised(std::size_t) {
    throw py::type_error(
        "this ply object was made by __new__ without __init__ and cannot be used: make it by calling its "
        "class, as in ply.Chess()");
}

// pybind11's base of every class, made an instance of itself (as copyreg's
// pickling below protocol 2 does, or pybind11_object.__new__(its own type)),
// aborts the interpreter: instances are made only of the classes pybind11
// registered. The instances' maker, as pybind11 set it.
PyObject* (*make_instance)(PyTypeObject*, PyObject*, PyObject*) = nullptr;

PyObject* new_instance(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    if (py::detail::all_type_info(type).empty()) {
        PyErr_Format(PyExc_TypeError, "cannot create '%s' instances", type->tp_name);
        return nullptr;
    }
    return make_instance(type, args, kwargs);
}

// The base's __new__(cls, ...), which every class inherits.
PyObject* base_new(PyObject* base, PyObject* args, PyObject* kwargs) {
    PyObject* cls = PyTuple_Check(args) && PyTuple_GET_SIZE(args) > 0 ? PyTuple_GET_ITEM(args, 0) : nullptr;
    if (!cls || !PyType_Check(cls) ||
        !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls), reinterpret_cast<PyTypeObject*>(base))) {
        PyErr_SetString(PyExc_TypeError, "__new__(cls): cls must be a ply class");
        return nullptr;
    }
    const auto rest = py::reinterpret_steal<py::object>(PyTuple_GetSlice(args, 1, PyTuple_GET_SIZE(args)));
    return rest ? new_instance(reinterpret_cast<PyTypeObject*>(cls), rest.ptr(), kwargs) : nullptr;
}

PyMethodDef base_new_method = {"__new__", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(base_new)),
                               METH_VARARGS | METH_KEYWORDS, "Makes an object of a ply class, not initialised"};

// The tp_new slot serves calls of the class, which its subclasses copied
// when they were made; __new__ in the dictionary serves cls.__new__(cls),
// and is replaced in the dictionary alone, as Python's own check of it
// would refuse every subclass once the slot differs.
void guard_base() {
    auto* base = reinterpret_cast<PyTypeObject*>(py::detail::get_internals().instance_base);
    if (base->tp_new == new_instance) return;  // the module initialised a second time
    make_instance = base->tp_new;
    base->tp_new = new_instance;
    const auto method = py::reinterpret_steal<py::object>(
        PyCFunction_NewEx(&base_new_method, reinterpret_cast<PyObject*>(base), nullptr));
    if (!method || PyDict_SetItemString(base->tp_dict, "__new__", method.ptr()) != 0) throw py::error_already_set();
    PyType_Modified(base);
}

std::string qualified_name(py::handle cls) { return "ply." + cls.attr("__qualname__").cast<std::string>(); }

// Pickles what __getstate__ gives and __setstate__ takes, at every protocol.
py::object reduce_by_state(py::handle self, int) {
    return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"), py::make_tuple(py::type::of(self)),
                          self.attr("__getstate__")());
}

void refuse(py::handle cls, const char* method, const std::string& verb) {
    const std::string message = "cannot " + verb + " '" + qualified_name(cls) +
                                "' object: only the games are pickled and copied (keep a move as its text)";
    const auto raise = [message](py::args) -> py::object { throw py::type_error(message); };
    py::setattr(cls, method, py::cpp_function(raise, py::name(method), py::is_method(cls)));
}

void guard_class(py::handle cls) {
    py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(cls.ptr()))->operator_new = refuse_uninitialised;
    if (py::hasattr(cls, "__setstate__"))
        py::setattr(
            cls, "__reduce_ex__",
            py::cpp_function(reduce_by_state, py::name("__reduce_ex__"), py::is_method(cls), py::arg("protocol")));
    else
        refuse(cls, "__reduce_ex__", "pickle");
    if (!py::hasattr(cls, "__copy__")) refuse(cls, "__copy__", "copy");
    if (!py::hasattr(cls, "__deepcopy__")) refuse(cls, "__deepcopy__", "copy");
}

bool is_own_class(py::handle object) {
    if (!PyType_Check(object.ptr())) return false;
    const auto* info = py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(object.ptr()));
    return info && info->type == reinterpret_cast<PyTypeObject*>(object.ptr());
}

void guard_classes_in(py::handle scope) {
    const py::dict entries(scope.attr("__dict__"));  // a class's is a mappingproxy
    for (const auto& [name, value] : entries)
        if (is_own_class(value) && !value.is(scope)) {
            guard_class(value);
            guard_classes_in(value);  // nested classes: ply.Chess.Move
        }
}

}  // namespace

void guard_classes(py::module_& module) {
    guard_classes_in(module);
    guard_base();
}

}  // namespace ply::python
