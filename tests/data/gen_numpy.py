"""Record MindSpore 2.10's ``mindspore.numpy`` and ``mindspore.scipy`` values for tests/numpy and tests/scipy.

Run with real MindSpore: ``~/msref/bin/python tests/data/gen_numpy.py`` -> tests/data/ms_numpy.json.

Each case is ``(name, expression)``. The expression is evaluated with ``mnp`` bound to
``mindspore.numpy`` (here) or ``mindjax.numpy`` (in the tests), ``ms`` to the framework,
``np`` to numpy and the input Tensors of ``ENV`` below; the result (values, dtype, shape,
or the exception class) is recorded.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

OUT = Path(__file__).with_name("ms_numpy.json")

# inputs: name -> numpy array (each becomes ms.Tensor(array) in the environment)
INPUTS = {
    "A": np.array([[0.5, -1.25, 2.0], [3.0, -0.75, 1.5]], np.float32),
    "B": np.array([[1.0, 2.0, -0.5], [0.25, 4.0, 2.5]], np.float32),
    "S": np.array([[2.0, 0.5, 0.1], [0.3, 1.5, 0.2], [0.4, 0.6, 3.0]], np.float32),
    "U": np.array([0.1, 0.4, 0.9, -0.3, 0.7], np.float32),
    "P": np.array([0.2, 0.5, 0.8], np.float32),
    "Q": np.array([1.5, 0.25, 2.0], np.float32),
    "N": np.array([1.0, np.nan, -2.0, 4.0, np.nan, 0.5], np.float32),
    "I": np.array([[3, -1, 4], [1, -5, 9]], np.int32),
    "J": np.array([2, 7, 1, 8, 2, 8], np.int32),
    "K": np.array([0, 1, 2, 1, 0], np.int32),
    "L": np.array([True, False, True, True], np.bool_),
    "W": np.array([0.0, 1.0, 3.0, 6.0, 10.0], np.float32),
    "C3": np.arange(24, dtype=np.float32).reshape(2, 3, 4),
    "D": np.array([[1.5, 2.0], [-1.0, 3.0]], np.float64),
    "E": np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], np.float32),
    "H": np.array([2.5, np.inf, -np.inf, np.nan, 0.0, -0.0], np.float32),
}

CASES = [
    # ---- creation
    ("array", "mnp.array([1, 2, 3])"), ("array", "mnp.array([1.5, 2])"), ("array", "mnp.array(True)"),
    ("array", "mnp.array([[1, 2], [3, 4]], dtype=mnp.float16)"), ("array", "mnp.array(A, copy=False)"),
    ("array", "mnp.array(I, ndmin=3)"), ("array", "mnp.array(np.array([1, 2]))"), ("array", "mnp.array('x')"),
    ("asarray", "mnp.asarray([1, 2.5])"), ("asarray", "mnp.asarray(I, mnp.float32)"), ("asarray", "mnp.asarray((1, 2))"),
    ("asarray", "mnp.asarray([[True, False]])"), ("asarray", "mnp.asarray(None)"),
    ("asfarray", "mnp.asfarray([1, 2])"), ("asfarray", "mnp.asfarray(I)"), ("asfarray", "mnp.asfarray(I, mnp.float16)"),
    ("asfarray", "mnp.asfarray(I, mnp.int32)"),
    ("ones", "mnp.ones((2, 3))"), ("ones", "mnp.ones(2, mnp.int32)"), ("ones", "mnp.ones((2, -1))"),
    ("zeros", "mnp.zeros((3,))"), ("zeros", "mnp.zeros([2, 2], mnp.bool_)"),
    ("full", "mnp.full((2, 2), 7)"), ("full", "mnp.full((2, 2), 1.5)"), ("full", "mnp.full((2, 3), P)"),
    ("full", "mnp.full(3, True)"), ("full", "mnp.full((2,), 3, mnp.float32)"),
    ("empty", "mnp.empty((2, 3)).shape"), ("empty", "mnp.empty((2, 3), mnp.int32).dtype"),
    ("empty_like", "mnp.empty_like(I).shape"), ("empty_like", "mnp.empty_like(I).dtype"),
    ("ones_like", "mnp.ones_like(A)"), ("ones_like", "mnp.ones_like(I, mnp.float32)"),
    ("zeros_like", "mnp.zeros_like(I)"), ("zeros_like", "mnp.zeros_like([[1.0, 2.0]])"),
    ("full_like", "mnp.full_like(A, 2)"), ("full_like", "mnp.full_like(I, 0.5)"), ("full_like", "mnp.full_like(I, 0.5, mnp.float32)"),
    ("arange", "mnp.arange(5)"), ("arange", "mnp.arange(1, 4.5)"), ("arange", "mnp.arange(0, 1, 0.25)"),
    ("arange", "mnp.arange(10, 0, -3)"), ("arange", "mnp.arange(3, dtype=mnp.float32)"), ("arange", "mnp.arange(0, 5, 0)"),
    ("linspace", "mnp.linspace(0, 1, 5)"), ("linspace", "mnp.linspace(2, 3, 4, endpoint=False)"),
    ("linspace", "mnp.linspace(0, 1, 3, retstep=True)"), ("linspace", "mnp.linspace(P, Q, 3)"),
    ("linspace", "mnp.linspace(P, Q, 3, axis=1)"), ("linspace", "mnp.linspace(0, 10, 3, dtype=mnp.int32)"),
    ("logspace", "mnp.logspace(0, 2, 3)"), ("logspace", "mnp.logspace(0, 3, 4, base=2.0)"),
    ("logspace", "mnp.logspace(0, 1, 3, endpoint=False)"),
    ("geomspace", "mnp.geomspace(1, 1000, 4)"), ("geomspace", "mnp.geomspace(1, 16, 4, endpoint=False)"),
    ("eye", "mnp.eye(3)"), ("eye", "mnp.eye(2, 4, 1)"), ("eye", "mnp.eye(3, k=-1, dtype=mnp.int32)"),
    ("identity", "mnp.identity(2)"), ("identity", "mnp.identity(3, mnp.int32)"),
    ("diagonal", "mnp.diagonal(S)"), ("diagonal", "mnp.diagonal(C3, 1, 1, 2)"), ("diagonal", "mnp.diagonal(A, -1)"),
    ("tril", "mnp.tril(S)"), ("tril", "mnp.tril(A, 1)"), ("triu", "mnp.triu(S, -1)"), ("triu", "mnp.triu(C3)"),
    ("tri", "mnp.tri(3)"), ("tri", "mnp.tri(2, 4, 1, mnp.int32)"),
    ("trace", "mnp.trace(S)"), ("trace", "mnp.trace(A, 1)"), ("trace", "mnp.trace(I)"), ("trace", "mnp.trace(C3, 0, 1, 2)"),
    ("meshgrid", "mnp.meshgrid(P, U)"), ("meshgrid", "mnp.meshgrid(P, U, indexing='ij')"),
    ("meshgrid", "mnp.meshgrid(P, Q, sparse=True)"),
    ("mgrid", "mnp.mgrid[0:3, 0:2]"), ("mgrid", "mnp.mgrid[0:1:3j]"), ("ogrid", "mnp.ogrid[0:3, 0:2]"),
    ("diagflat", "mnp.diagflat(P)"), ("diagflat", "mnp.diagflat(I, 1)"),
    ("diag", "mnp.diag(P)"), ("diag", "mnp.diag(S)"), ("diag", "mnp.diag(A, 1)"), ("diag", "mnp.diag(P, -1)"),
    ("diag_indices", "mnp.diag_indices(3)"), ("diag_indices", "mnp.diag_indices(2, 3)"),
    ("ix_", "mnp.ix_(K, J)"), ("indices", "mnp.indices((2, 3))"), ("indices", "mnp.indices((2, 2), sparse=True)"),
    ("vander", "mnp.vander(P)"), ("vander", "mnp.vander(K, 3, increasing=True)"),
    ("hamming", "mnp.hamming(5)"), ("hanning", "mnp.hanning(5)"), ("bartlett", "mnp.bartlett(6)"),
    ("blackman", "mnp.blackman(5)"), ("hamming", "mnp.hamming(1)"), ("blackman", "mnp.blackman(0)"),
    ("triu_indices", "mnp.triu_indices(3)"), ("triu_indices", "mnp.triu_indices(3, 1, 4)"),
    ("tril_indices", "mnp.tril_indices(3)"), ("tril_indices", "mnp.tril_indices(2, -1, 3)"),
    ("triu_indices_from", "mnp.triu_indices_from(S)"), ("tril_indices_from", "mnp.tril_indices_from(A, 1)"),
    ("histogram_bin_edges", "mnp.histogram_bin_edges(U, 4)"), ("histogram_bin_edges", "mnp.histogram_bin_edges(U, 3, (0, 1))"),
    ("pad", "mnp.pad(A, 1)"), ("pad", "mnp.pad(P, (1, 2), constant_values=5)"), ("pad", "mnp.pad(A, ((0, 1), (2, 0)), 'edge')"),
    ("pad", "mnp.pad(U, 2, 'reflect')"), ("pad", "mnp.pad(U, 2, 'symmetric')"), ("pad", "mnp.pad(U, 2, 'wrap')"),
    ("pad", "mnp.pad(U, 1, 'maximum')"), ("pad", "mnp.pad(U, 1, 'mean')"), ("pad", "mnp.pad(U, (2, 1), 'linear_ramp')"),
    ("pad", "mnp.pad(P, 1, 'empty').shape"), ("pad", "mnp.pad(U, 1, 'bogus')"),
    ("copy", "mnp.copy(A)"),
    ("randn", "mnp.randn(2, 3).shape"), ("rand", "mnp.rand(3, 2).shape"), ("rand", "mnp.rand((2,), mnp.float64).dtype"),
    ("randint", "mnp.randint(1, 5, (3, 2)).shape"), ("randint", "bool(((mnp.randint(2, 5, (50,)) >= 2) & (mnp.randint(2, 5, (50,)) < 5)).all())"),
    ("randint", "mnp.randint(4, size=(5,), dtype=mnp.int64).dtype"), ("randint", "mnp.randint(5, 2)"),
    # ---- array ops
    ("transpose", "mnp.transpose(A)"), ("transpose", "mnp.transpose(C3, (1, 0, 2))"), ("transpose", "mnp.transpose(C3, (0, 1))"),
    ("expand_dims", "mnp.expand_dims(P, 0)"), ("expand_dims", "mnp.expand_dims(A, (0, 2))"), ("expand_dims", "mnp.expand_dims(P, 3)"),
    ("squeeze", "mnp.squeeze(mnp.ones((1, 3, 1)))"), ("squeeze", "mnp.squeeze(mnp.ones((1, 3, 1)), 2)"),
    ("squeeze", "mnp.squeeze(A, 0)"),
    ("rollaxis", "mnp.rollaxis(C3, 2)"), ("rollaxis", "mnp.rollaxis(C3, 0, 2)"),
    ("swapaxes", "mnp.swapaxes(C3, 0, 2)"), ("moveaxis", "mnp.moveaxis(C3, 0, -1)"), ("moveaxis", "mnp.moveaxis(C3, (0, 1), (2, 0))"),
    ("reshape", "mnp.reshape(A, (3, 2))"), ("reshape", "mnp.reshape(C3, (-1, 6))"), ("reshape", "mnp.reshape(A, (4, 2))"),
    ("ravel", "mnp.ravel(I)"),
    ("concatenate", "mnp.concatenate((A, B))"), ("concatenate", "mnp.concatenate((A, B), axis=1)"),
    ("concatenate", "mnp.concatenate((A, B), axis=None)"), ("concatenate", "mnp.concatenate((A, I))"),
    ("concatenate", "mnp.concatenate(A)"),
    ("where", "mnp.where(A > 0, A, B)"), ("where", "mnp.where(A > 0, A, 0)"), ("where", "mnp.where(A > 1)"),
    ("where", "mnp.where(L, 1, 2)"),
    ("atleast_1d", "mnp.atleast_1d(mnp.array(2.0), P)"), ("atleast_1d", "mnp.atleast_1d(A)"),
    ("atleast_2d", "mnp.atleast_2d(P)"), ("atleast_3d", "mnp.atleast_3d(P)"), ("atleast_3d", "mnp.atleast_3d(A)"),
    ("column_stack", "mnp.column_stack((P, Q))"), ("column_stack", "mnp.column_stack((A, B))"),
    ("hstack", "mnp.hstack((P, Q))"), ("hstack", "mnp.hstack((A, B))"),
    ("vstack", "mnp.vstack((P, Q))"), ("vstack", "mnp.vstack((A, B))"),
    ("dstack", "mnp.dstack((P, Q))"), ("dstack", "mnp.dstack((A, B))"),
    ("stack", "mnp.stack((P, Q))"), ("stack", "mnp.stack((A, B), axis=-1)"), ("stack", "mnp.stack((A, P))"),
    ("unique", "mnp.unique(J)"), ("unique", "mnp.unique(J, return_inverse=True)"),
    ("tile", "mnp.tile(P, 2)"), ("tile", "mnp.tile(A, (2, 1, 2))"),
    ("broadcast_to", "mnp.broadcast_to(P, (2, 3))"), ("broadcast_to", "mnp.broadcast_to(P, (2, 4))"),
    ("broadcast_arrays", "mnp.broadcast_arrays(P, mnp.ones((2, 1)))"),
    ("roll", "mnp.roll(U, 2)"), ("roll", "mnp.roll(A, 1, 1)"), ("roll", "mnp.roll(A, (1, 2), (0, 1))"), ("roll", "mnp.roll(A, -1)"),
    ("append", "mnp.append(P, Q)"), ("append", "mnp.append(A, B, axis=0)"), ("append", "mnp.append(A, I)"),
    ("split", "mnp.split(U[:4], 2)"), ("split", "mnp.split(C3, [1, 3], axis=2)"), ("split", "mnp.split(U, 2)"),
    ("array_split", "mnp.array_split(U, 3)"), ("array_split", "mnp.array_split(C3, [1], axis=1)"),
    ("vsplit", "mnp.vsplit(C3, 2)"), ("hsplit", "mnp.hsplit(C3, 3)"), ("hsplit", "mnp.hsplit(U[:4], 2)"),
    ("dsplit", "mnp.dsplit(C3, [1])"),
    ("flip", "mnp.flip(A)"), ("flip", "mnp.flip(C3, (0, 2))"), ("flipud", "mnp.flipud(A)"), ("fliplr", "mnp.fliplr(A)"),
    ("take_along_axis", "mnp.take_along_axis(A, mnp.array([[0, 2], [1, 1]]), 1)"),
    ("take_along_axis", "mnp.take_along_axis(U, mnp.array([4, 0]), None)"),
    ("take", "mnp.take(A, mnp.array([0, 4, 5]))"), ("take", "mnp.take(A, mnp.array([[2, 0]]), axis=1)"),
    ("take", "mnp.take(P, mnp.array([5, -4]), mode='clip')"), ("take", "mnp.take(P, mnp.array([5, -4]), mode='wrap')"),
    ("repeat", "mnp.repeat(P, 2)"), ("repeat", "mnp.repeat(A, (1, 2), axis=0)"), ("repeat", "mnp.repeat(I, 2, axis=1)"),
    ("rot90", "mnp.rot90(A)"), ("rot90", "mnp.rot90(C3, 2, (1, 2))"), ("rot90", "mnp.rot90(A, -1)"),
    ("select", "mnp.select([P > 0.3, P < 0.3], [P, Q])"), ("select", "mnp.select([L], [mnp.ones(4)], 7)"),
    ("choose", "mnp.choose(mnp.array([0, 1, 2]), [P, Q, mnp.array([9.0, 8.0, 7.0])])"),
    ("choose", "mnp.choose(mnp.array([0, 3, 1]), [P, Q], mode='clip')"),
    ("choose", "mnp.choose(mnp.array([0, 3, -1]), [P, Q], mode='wrap')"),
    ("size", "mnp.size(A)"), ("size", "mnp.size(C3, 1)"), ("size", "mnp.size(C3, -1)"),
    ("array_str", "mnp.array_str(I)"), ("array_str", "mnp.array_str(P)"),
    ("apply_along_axis", "mnp.apply_along_axis(lambda r: r * 2 + 1, 1, A)"),
    ("apply_along_axis", "mnp.apply_along_axis(mnp.sum, 0, A)"),
    ("piecewise", "mnp.piecewise(U, [U < 0, U >= 0.5], [-1, 1])"),
    ("piecewise", "mnp.piecewise(U, [U < 0.5], [lambda v: v * 10, lambda v: v - 1])"),
    ("unravel_index", "mnp.unravel_index(mnp.array([5, 7, 2]), (2, 4))"), ("unravel_index", "mnp.unravel_index(13, (3, 5), order='F')"),
    ("apply_over_axes", "mnp.apply_over_axes(mnp.sum, C3, (0, 2))"),
    ("argwhere", "mnp.argwhere(A > 1)"), ("argwhere", "mnp.argwhere(K)"),
    ("intersect1d", "mnp.intersect1d(J, K)"), ("intersect1d", "mnp.intersect1d(mnp.array([3, 1, 2, 1]), mnp.array([1, 3, 3]))"),
    # ---- math
    ("mean", "mnp.mean(A)"), ("mean", "mnp.mean(I)"), ("mean", "mnp.mean(A, axis=1, keepdims=True)"),
    ("mean", "mnp.mean(C3, (0, 2))"), ("mean", "mnp.mean(I, 0, mnp.float32)"),
    ("inner", "mnp.inner(P, Q)"), ("inner", "mnp.inner(A, B)"), ("inner", "mnp.inner(A, 2.0)"),
    ("add", "mnp.add(A, B)"), ("add", "mnp.add(I, 2)"), ("add", "mnp.add(I, 2.5)"), ("add", "mnp.add(A, I)"),
    ("add", "mnp.add(A, P)"), ("add", "mnp.add(A, U)"), ("add", "mnp.add(L, L)"),
    ("subtract", "mnp.subtract(A, B)"), ("subtract", "mnp.subtract(I, J[:3])"),
    ("multiply", "mnp.multiply(A, B)"), ("multiply", "mnp.multiply(I, 3)"),
    ("divide", "mnp.divide(A, B)"), ("divide", "mnp.divide(I, 2)"), ("divide", "mnp.divide(I, I)"),
    ("true_divide", "mnp.true_divide(I, 4)"),
    ("power", "mnp.power(B, 2)"), ("power", "mnp.power(I, 2)"), ("power", "mnp.power(2.0, P)"), ("power", "mnp.power(B, Q)"),
    ("float_power", "mnp.float_power(B, 2)"), ("float_power", "mnp.float_power(I, 2)"),
    ("dot", "mnp.dot(P, Q)"), ("dot", "mnp.dot(A, P)"), ("dot", "mnp.dot(A, S)"), ("dot", "mnp.dot(C3, mnp.ones((4, 2)))"),
    ("dot", "mnp.dot(2.0, P)"), ("dot", "mnp.dot(I, mnp.array([1, 2, 3]))"), ("dot", "mnp.dot(A, B)"),
    ("outer", "mnp.outer(P, U)"), ("outer", "mnp.outer(A, P)"),
    ("tensordot", "mnp.tensordot(A, B, ([1], [1]))"), ("tensordot", "mnp.tensordot(C3, mnp.ones((3, 4)), 2)"),
    ("tensordot", "mnp.tensordot(P, Q, 0)"),
    ("absolute", "mnp.absolute(A)"), ("absolute", "mnp.absolute(I)"), ("abs", "mnp.abs(A)"), ("fabs", "mnp.fabs(I)"),
    ("std", "mnp.std(A)"), ("std", "mnp.std(A, axis=0, ddof=1)"), ("std", "mnp.std(C3, (1, 2), keepdims=True)"),
    ("std", "mnp.std(I)"),
    ("var", "mnp.var(A)"), ("var", "mnp.var(A, 1, ddof=1)"), ("var", "mnp.var(I, 0)"),
    ("average", "mnp.average(A)"), ("average", "mnp.average(A, 1, B)"), ("average", "mnp.average(A, 0, P[:2], True)"),
    ("average", "mnp.average(I)"), ("average", "mnp.average(A, None, B)"),
    ("minimum", "mnp.minimum(A, B)"), ("minimum", "mnp.minimum(I, 1)"), ("minimum", "mnp.minimum(N, 0.0)"),
    ("maximum", "mnp.maximum(A, B)"), ("maximum", "mnp.maximum(N, 0.0)"), ("maximum", "mnp.maximum(I, 2.5)"),
    ("matmul", "mnp.matmul(A, S)"), ("matmul", "mnp.matmul(P, S)"), ("matmul", "mnp.matmul(S, P)"),
    ("matmul", "mnp.matmul(C3, mnp.ones((4, 2)))"), ("matmul", "mnp.matmul(A, B)"),
    ("square", "mnp.square(A)"), ("square", "mnp.square(I)"), ("sqrt", "mnp.sqrt(Q)"), ("sqrt", "mnp.sqrt(mnp.array([4, 9]))"),
    ("sqrt", "mnp.sqrt(A)"),
    ("reciprocal", "mnp.reciprocal(B)"), ("reciprocal", "mnp.reciprocal(mnp.array([1, 2, 4]))"),
    ("log", "mnp.log(Q)"), ("log", "mnp.log(mnp.array([1, 2]))"), ("log2", "mnp.log2(Q)"), ("log10", "mnp.log10(Q)"),
    ("log1p", "mnp.log1p(Q)"),
    ("heaviside", "mnp.heaviside(A, 0.5)"), ("heaviside", "mnp.heaviside(mnp.array([-1.0, 0.0, 2.0]), P)"),
    ("amax", "mnp.amax(A)"), ("amax", "mnp.amax(A, 0)"), ("amax", "mnp.amax(C3, (0, 2), keepdims=True)"),
    ("amax", "mnp.amax(A, 1, initial=2.5)"), ("amax", "mnp.amax(A, 1, where=mnp.array([True, False, True]), initial=-9)"),
    ("amin", "mnp.amin(I)"), ("amin", "mnp.amin(A, 1)"), ("max", "mnp.max(I, 1)"), ("min", "mnp.min(A, 0)"),
    ("hypot", "mnp.hypot(A, B)"), ("hypot", "mnp.hypot(I, 4)"),
    ("floor", "mnp.floor(A)"), ("ceil", "mnp.ceil(A)"), ("trunc", "mnp.trunc(A)"), ("fix", "mnp.fix(A)"), ("fix", "mnp.fix(I)"),
    ("rint", "mnp.rint(mnp.array([0.5, 1.5, -2.5, 2.7]))"), ("rint", "mnp.rint(I)"),
    ("ptp", "mnp.ptp(A)"), ("ptp", "mnp.ptp(I, 1)"), ("ptp", "mnp.ptp(A, 0, True)"),
    ("deg2rad", "mnp.deg2rad(mnp.array([90.0, 180.0]))"), ("deg2rad", "mnp.deg2rad(I)"),
    ("radians", "mnp.radians(mnp.array([45.0, 360.0]))"), ("rad2deg", "mnp.rad2deg(P)"), ("rad2deg", "mnp.rad2deg(I)"),
    ("count_nonzero", "mnp.count_nonzero(K)"), ("count_nonzero", "mnp.count_nonzero(I - 1, 1)"),
    ("count_nonzero", "mnp.count_nonzero(A > 0, (0, 1), True)"),
    ("positive", "mnp.positive(A)"), ("negative", "mnp.negative(I)"), ("negative", "mnp.negative(A)"),
    ("clip", "mnp.clip(A, -1, 1)"), ("clip", "mnp.clip(I, 0, None)"), ("clip", "mnp.clip(A, None, P)"),
    ("clip", "mnp.clip(A, None, None)"),
    ("floor_divide", "mnp.floor_divide(A, 0.75)"), ("floor_divide", "mnp.floor_divide(I, 2)"), ("floor_divide", "mnp.floor_divide(I, -2)"),
    ("remainder", "mnp.remainder(A, 0.75)"), ("remainder", "mnp.remainder(I, 3)"), ("remainder", "mnp.remainder(I, -3)"),
    ("mod", "mnp.mod(I, 4)"),
    ("fmod", "mnp.fmod(A, 0.75)"), ("fmod", "mnp.fmod(I, 3)"), ("fmod", "mnp.fmod(I, -3)"),
    ("exp", "mnp.exp(A)"), ("exp", "mnp.exp(I)"), ("expm1", "mnp.expm1(P)"), ("exp2", "mnp.exp2(A)"), ("exp2", "mnp.exp2(I)"),
    ("kron", "mnp.kron(P, Q)"), ("kron", "mnp.kron(S, mnp.eye(2))"), ("kron", "mnp.kron(I, mnp.ones((2, 1), mnp.int32))"),
    ("promote_types", "mnp.promote_types(mnp.int32, mnp.float16)"), ("promote_types", "mnp.promote_types(mnp.uint8, mnp.int8)"),
    ("promote_types", "mnp.promote_types('float32', 'float64')"),
    ("divmod", "mnp.divmod(A, 0.75)"), ("divmod", "mnp.divmod(I, 2)"),
    ("diff", "mnp.diff(U)"), ("diff", "mnp.diff(A, 2, axis=0)"), ("diff", "mnp.diff(U, 2)"), ("diff", "mnp.diff(I, 1, 1)"),
    ("diff", "mnp.diff(P, prepend=0.0, append=mnp.array([1.0]))"), ("diff", "mnp.diff(U, 0)"),
    ("cbrt", "mnp.cbrt(A)"), ("cbrt", "mnp.cbrt(mnp.array([8, -27]))"),
    ("cross", "mnp.cross(P, Q)"), ("cross", "mnp.cross(A, B)"), ("cross", "mnp.cross(P[:2], Q)"),
    ("trapz", "mnp.trapz(U)"), ("trapz", "mnp.trapz(U, dx=0.5)"), ("trapz", "mnp.trapz(P, Q)"), ("trapz", "mnp.trapz(A, axis=0)"),
    ("gcd", "mnp.gcd(I, 6)"), ("gcd", "mnp.gcd(J, mnp.array([4, 14, 3, 12, 6, 20]))"),
    ("lcm", "mnp.lcm(I, 6)"), ("lcm", "mnp.lcm(J, mnp.array([4, 14, 3, 12, 6, 20]))"),
    ("convolve", "mnp.convolve(P, U)"), ("convolve", "mnp.convolve(U, P, 'same')"), ("convolve", "mnp.convolve(U, P, 'valid')"),
    ("correlate", "mnp.correlate(U, P)"), ("correlate", "mnp.correlate(U, P, 'full')"), ("correlate", "mnp.correlate(P, U, 'same')"),
    ("logaddexp", "mnp.logaddexp(A, B)"), ("logaddexp2", "mnp.logaddexp2(A, B)"),
    ("ediff1d", "mnp.ediff1d(A)"), ("ediff1d", "mnp.ediff1d(U, 0.5, mnp.array([1.0, 2.0]))"),
    ("nansum", "mnp.nansum(N)"), ("nansum", "mnp.nansum(mnp.reshape(N, (2, 3)), 1)"), ("nansum", "mnp.nansum(I)"),
    ("nanmean", "mnp.nanmean(N)"), ("nanmean", "mnp.nanmean(mnp.reshape(N, (2, 3)), 0)"),
    ("nanvar", "mnp.nanvar(N)"), ("nanvar", "mnp.nanvar(mnp.reshape(N, (2, 3)), 1, ddof=1)"),
    ("nanstd", "mnp.nanstd(N)"), ("nanstd", "mnp.nanstd(mnp.reshape(N, (3, 2)), 0, keepdims=True)"),
    ("nanmax", "mnp.nanmax(N)"), ("nanmax", "mnp.nanmax(mnp.reshape(N, (2, 3)), 1)"),
    ("nanmin", "mnp.nanmin(N)"), ("nanmin", "mnp.nanmin(mnp.reshape(N, (3, 2)), 0)"),
    ("cumsum", "mnp.cumsum(A)"), ("cumsum", "mnp.cumsum(A, 1)"), ("cumsum", "mnp.cumsum(I, 0)"),
    ("cumsum", "mnp.cumsum(L)"), ("cumsum", "mnp.cumsum(I, dtype=mnp.float32)"),
    ("nancumsum", "mnp.nancumsum(N)"), ("nancumsum", "mnp.nancumsum(mnp.reshape(N, (2, 3)), 1)"),
    ("cumprod", "mnp.cumprod(A)"), ("cumprod", "mnp.cumprod(I, 1)"), ("cumprod", "mnp.cumprod(A, 0)"),
    ("sin", "mnp.sin(A)"), ("cos", "mnp.cos(A)"), ("tan", "mnp.tan(A)"), ("sin", "mnp.sin(I)"),
    ("arcsin", "mnp.arcsin(P)"), ("arccos", "mnp.arccos(P)"), ("arctan", "mnp.arctan(A)"),
    ("sinh", "mnp.sinh(A)"), ("cosh", "mnp.cosh(A)"), ("tanh", "mnp.tanh(A)"),
    ("arcsinh", "mnp.arcsinh(A)"), ("arccosh", "mnp.arccosh(Q + 1)"), ("arctanh", "mnp.arctanh(P - 0.1)"),
    ("arctan2", "mnp.arctan2(A, B)"), ("arctan2", "mnp.arctan2(I, 2)"),
    ("cov", "mnp.cov(A)"), ("cov", "mnp.cov(A, rowvar=False)"), ("cov", "mnp.cov(P, Q)"), ("cov", "mnp.cov(A, bias=True)"),
    ("cov", "mnp.cov(A, ddof=0, fweights=mnp.array([1, 2, 1]))"), ("cov", "mnp.cov(A, aweights=Q)"),
    ("multi_dot", "mnp.multi_dot([A, S, mnp.ones((3, 2))])"), ("multi_dot", "mnp.multi_dot([P, S, Q])"),
    ("argmax", "mnp.argmax(A)"), ("argmax", "mnp.argmax(A, 1)"), ("argmax", "mnp.argmax(I, 0)"),
    ("argmin", "mnp.argmin(A)"), ("argmin", "mnp.argmin(C3, -1)"),
    ("searchsorted", "mnp.searchsorted(W, mnp.array([0.5, 3.0, 11.0]))"),
    ("searchsorted", "mnp.searchsorted(W, mnp.array([3.0, 6.0]), 'right')"),
    ("searchsorted", "mnp.searchsorted(W, 4.0)"),
    ("searchsorted", "mnp.searchsorted(mnp.array([3.0, 1.0, 2.0]), mnp.array([2.5]), sorter=mnp.array([1, 2, 0]))"),
    ("interp", "mnp.interp(U, W, mnp.array([0.0, 2.0, 4.0, 6.0, 8.0]))"),
    ("interp", "mnp.interp(mnp.array([-1.0, 2.0, 20.0]), W, W * 2, left=-5.0, right=50.0)"),
    ("sum", "mnp.sum(A)"), ("sum", "mnp.sum(I, 1)"), ("sum", "mnp.sum(L)"), ("sum", "mnp.sum(C3, (0, 2), keepdims=True)"),
    ("sum", "mnp.sum(A, 1, initial=10)"), ("sum", "mnp.sum(I, dtype=mnp.float32)"),
    ("sum", "mnp.sum(A, 0, where=mnp.array([[True, False, True], [True, True, False]]))"),
    ("corrcoef", "mnp.corrcoef(A)"), ("corrcoef", "mnp.corrcoef(P, Q)"), ("corrcoef", "mnp.corrcoef(A, rowvar=False)"),
    ("gradient", "mnp.gradient(W)"), ("gradient", "mnp.gradient(W, 2.0)"), ("gradient", "mnp.gradient(A)"),
    ("gradient", "mnp.gradient(A, axis=1)"), ("gradient", "mnp.gradient(W, edge_order=2)"),
    ("sign", "mnp.sign(A)"), ("sign", "mnp.sign(I)"), ("sign", "mnp.sign(H)"),
    ("copysign", "mnp.copysign(A, -1)"), ("copysign", "mnp.copysign(I, B)"), ("copysign", "mnp.copysign(P, H[:3])"),
    ("digitize", "mnp.digitize(U, mnp.array([0.0, 0.5, 1.0]))"),
    ("digitize", "mnp.digitize(U, mnp.array([0.0, 0.4, 1.0]), right=True)"),
    ("digitize", "mnp.digitize(U, mnp.array([1.0, 0.5, 0.0]))"),
    ("bincount", "mnp.bincount(K)"), ("bincount", "mnp.bincount(K, minlength=5)"),
    ("bincount", "mnp.bincount(K, weights=U)"),
    ("histogram", "mnp.histogram(U, 4)"), ("histogram", "mnp.histogram(U, mnp.array([-1.0, 0.0, 0.5, 1.0]))"),
    ("histogram", "mnp.histogram(U, 3, (0, 1), density=True)"), ("histogram", "mnp.histogram(U, 2, weights=W)"),
    ("histogramdd", "mnp.histogramdd(mnp.reshape(U[:4], (2, 2)), 2)"),
    ("histogramdd", "mnp.histogramdd(mnp.stack((U, W / 10), 1), [2, 3])"),
    ("histogram2d", "mnp.histogram2d(U, W, 2)"), ("histogram2d", "mnp.histogram2d(U, W, (2, 3), density=True)"),
    ("polyadd", "mnp.polyadd(P, U)"), ("polysub", "mnp.polysub(P, U)"), ("polyval", "mnp.polyval(P, U)"),
    ("polyval", "mnp.polyval(K, 2)"), ("polyder", "mnp.polyder(U)"), ("polyder", "mnp.polyder(U, 2)"),
    ("polymul", "mnp.polymul(P, Q)"), ("polyint", "mnp.polyint(P)"), ("polyint", "mnp.polyint(P, 2, mnp.array([1.0, 2.0]))"),
    ("polyint", "mnp.polyint(P, 1, 3.0)"),
    ("result_type", "mnp.result_type(A, I)"), ("result_type", "mnp.result_type(mnp.int8, 1.0)"),
    ("result_type", "mnp.result_type(I, 2)"), ("result_type", "mnp.result_type('float16', mnp.int64)"),
    ("unwrap", "mnp.unwrap(mnp.array([0.0, 3.0, 6.5, 1.0, -4.0]))"), ("unwrap", "mnp.unwrap(A, axis=0)"),
    ("unwrap", "mnp.unwrap(mnp.array([0.0, 1.0, 2.5, 0.1]), discont=1.0)"),
    ("ravel_multi_index", "mnp.ravel_multi_index((mnp.array([1, 0, 2]), mnp.array([2, 1, 0])), (3, 4))"),
    ("ravel_multi_index", "mnp.ravel_multi_index((mnp.array([1, 0]), mnp.array([2, 1])), (3, 4), order='F')"),
    ("ravel_multi_index", "mnp.ravel_multi_index((mnp.array([5]), mnp.array([-1])), (3, 4), mode='clip')"),
    ("ravel_multi_index", "mnp.ravel_multi_index((mnp.array([5]), mnp.array([-1])), (3, 4), mode='wrap')"),
    ("norm", "mnp.norm(A)"), ("norm", "mnp.norm(P, 1)"), ("norm", "mnp.norm(P, mnp.inf)"), ("norm", "mnp.norm(A, axis=1)"),
    ("norm", "mnp.norm(S, 'fro')"), ("norm", "mnp.norm(S, 1)"), ("norm", "mnp.norm(S, -mnp.inf)"), ("norm", "mnp.norm(S, 'nuc')"),
    ("norm", "mnp.norm(S, 2)"), ("norm", "mnp.norm(A, 3, axis=1, keepdims=True)"), ("norm", "mnp.norm(U, 0)"),
    ("norm", "mnp.norm(U, -2)"),
    ("bitwise_and", "mnp.bitwise_and(I, 6)"), ("bitwise_or", "mnp.bitwise_or(I, J[:3])"), ("bitwise_xor", "mnp.bitwise_xor(I, 5)"),
    ("bitwise_and", "mnp.bitwise_and(L, L[::-1])"),
    ("invert", "mnp.invert(I)"), ("invert", "mnp.invert(L)"), ("bitwise_not", "mnp.bitwise_not(mnp.array([0, 5], mnp.uint8))"),
    # ---- logic
    ("not_equal", "mnp.not_equal(A, B)"), ("not_equal", "mnp.not_equal(I, 1)"),
    ("equal", "mnp.equal(I, mnp.array([3, 0, 4]))"), ("less", "mnp.less(A, B)"), ("less_equal", "mnp.less_equal(I, 1)"),
    ("greater", "mnp.greater(A, 0.5)"), ("greater_equal", "mnp.greater_equal(A, B)"),
    ("isfinite", "mnp.isfinite(H)"), ("isnan", "mnp.isnan(H)"), ("isinf", "mnp.isinf(H)"),
    ("isposinf", "mnp.isposinf(H)"), ("isneginf", "mnp.isneginf(H)"), ("isfinite", "mnp.isfinite(I)"),
    ("isscalar", "mnp.isscalar(3.1)"), ("isscalar", "mnp.isscalar(A)"), ("isscalar", "mnp.isscalar([1])"),
    ("isscalar", "mnp.isscalar('a')"),
    ("logical_and", "mnp.logical_and(L, L[::-1])"), ("logical_or", "mnp.logical_or(L, L[::-1])"),
    ("logical_xor", "mnp.logical_xor(L, L[::-1])"), ("logical_not", "mnp.logical_not(L)"),
    ("logical_and", "mnp.logical_and(A, B)"), ("logical_not", "mnp.logical_not(I)"),
    ("in1d", "mnp.in1d(J, K)"), ("in1d", "mnp.in1d(J, K, invert=True)"), ("isin", "mnp.isin(I, J)"),
    ("isin", "mnp.isin(I, J, invert=True)"),
    ("isclose", "mnp.isclose(A, A + 1e-6)"), ("isclose", "mnp.isclose(H, H)"), ("isclose", "mnp.isclose(H, H, equal_nan=True)"),
    ("isclose", "mnp.isclose(P, Q, rtol=1.0)"),
    ("signbit", "mnp.signbit(H)"), ("signbit", "mnp.signbit(I)"),
    ("sometrue", "mnp.sometrue(L)"), ("sometrue", "mnp.sometrue(A > 2, 1)"), ("sometrue", "mnp.sometrue(I, 0, True)"),
    ("array_equal", "mnp.array_equal(A, A)"), ("array_equal", "mnp.array_equal(A, B)"), ("array_equal", "mnp.array_equal(P, A)"),
    ("array_equiv", "mnp.array_equiv(P, mnp.stack((P, P)))"), ("array_equiv", "mnp.array_equiv(P, A)"),
    ("setdiff1d", "mnp.setdiff1d(J, K)"), ("setdiff1d", "mnp.setdiff1d(J, K, True)"),
    # ---- dtypes and constants
    ("int_", "mnp.int_"), ("int8", "mnp.int8"), ("int16", "mnp.int16"), ("int32", "mnp.int32"), ("int64", "mnp.int64"),
    ("uint8", "mnp.uint8"), ("uint16", "mnp.uint16"), ("uint32", "mnp.uint32"), ("uint64", "mnp.uint64"),
    ("float_", "mnp.float_"), ("float16", "mnp.float16"), ("float32", "mnp.float32"), ("float64", "mnp.float64"),
    ("bool_", "mnp.bool_"), ("uint", "mnp.uint"), ("pi", "mnp.pi"), ("inf", "mnp.inf"), ("nan", "mnp.nan"),
    ("PINF", "mnp.PINF"), ("NINF", "mnp.NINF"), ("numeric_types", "mnp.numeric_types"),
    ("round", "mnp.round(mnp.array([0.5, 1.55, -2.5, 2.71]), 1)"), ("around", "mnp.around(A)"),
    ("matrix_power", "mnp.matrix_power(S, 3)"), ("matrix_power", "mnp.matrix_power(S, 0)"),
    # ---- errors: MindSpore's exception class for bad input
    ("add", "mnp.add(A, 'a')"), ("reshape", "mnp.reshape(A, 2.0)"), ("sum", "mnp.sum(A, 2)"),
    ("mean", "mnp.mean(A, 1.5)"), ("concatenate", "mnp.concatenate((A, S))"), ("squeeze", "mnp.squeeze(A, 2)"),
    ("transpose", "mnp.transpose(A, (0, 0))"), ("eye", "mnp.eye(2.5)"), ("linspace", "mnp.linspace(0, 1, -1)"),
    ("diag", "mnp.diag(C3)"), ("tile", "mnp.tile(A, 1.5)"), ("matmul", "mnp.matmul(A, B)"),
    ("swapaxes", "mnp.swapaxes(A, 0, 3)"), ("split", "mnp.split(U, 3)"), ("roll", "mnp.roll(A, 1.0)"),
    ("full", "mnp.full((2,), 'a')"), ("arange", "mnp.arange('a')"), ("take", "mnp.take(A, mnp.array([0]), mode='x')"),
]

SCIPY_CASES = [
    ("linalg.inv", "msp.linalg.inv(E)"), ("linalg.cholesky", "msp.linalg.cholesky(E)"),
    ("linalg.cholesky", "msp.linalg.cholesky(E, lower=True)"),
    ("linalg.cho_factor", "msp.linalg.cho_factor(E)"), ("linalg.cho_factor", "msp.linalg.cho_factor(E, lower=True)"),
    ("linalg.cho_solve", "msp.linalg.cho_solve(msp.linalg.cho_factor(E), Q)"),
    ("linalg.solve_triangular", "msp.linalg.solve_triangular(mnp.tril(E), Q, lower=True)"),
    ("linalg.solve_triangular", "msp.linalg.solve_triangular(mnp.triu(E), Q)"),
    ("linalg.solve_triangular", "msp.linalg.solve_triangular(mnp.triu(E), Q, trans=1)"),
    ("linalg.solve_triangular", "msp.linalg.solve_triangular(mnp.tril(E), Q, lower=True, unit_diagonal=True)"),
    ("linalg.block_diag", "msp.linalg.block_diag(A, S)"), ("linalg.block_diag", "msp.linalg.block_diag(P, mnp.ones((2, 2)))"),
    ("linalg.det", "msp.linalg.det(E)"), ("linalg.det", "msp.linalg.det(S)"),
    ("linalg.eigh", "msp.linalg.eigh(E)[0]"), ("linalg.eigh", "mnp.abs(msp.linalg.eigh(E)[1])"),
    ("linalg.eigh", "msp.linalg.eigh(E, eigvals_only=True)"),
    ("linalg.lu", "msp.linalg.lu(S)"), ("linalg.lu_factor", "msp.linalg.lu_factor(S)"),
    ("linalg.lu_solve", "msp.linalg.lu_solve(msp.linalg.lu_factor(S), Q)"),
    ("fft.dct", "msp.fft.dct(U)"), ("fft.dct", "msp.fft.dct(U, norm='ortho')"), ("fft.idct", "msp.fft.idct(U)"),
    ("fft.dctn", "msp.fft.dctn(A)"), ("fft.idctn", "msp.fft.idctn(A, norm='ortho')"),
    ("optimize.minimize", "msp.optimize.minimize(lambda x: mnp.sum((x - P) ** 2), mnp.zeros(3), method='BFGS').x"),
    ("optimize.linear_sum_assignment", "msp.optimize.linear_sum_assignment(S, False, ms.Tensor(3, ms.int64))"),
    ("optimize.linear_sum_assignment", "msp.optimize.linear_sum_assignment(S, True, ms.Tensor(2, ms.int64))"),
    ("linalg.lu_solve", "msp.linalg.lu_solve(msp.linalg.lu_factor(S), mnp.reshape(Q, (3, 1)))"),
    ("linalg.lu_solve", "msp.linalg.lu_solve(msp.linalg.lu_factor(S), mnp.reshape(Q, (3, 1)), trans=1)"),
    ("linalg.lu", "msp.linalg.lu(S, permute_l=True)"), ("linalg.lu", "msp.linalg.lu(mnp.flipud(S))"),
    ("linalg.inv", "msp.linalg.inv(mnp.ones((2, 3)))"), ("linalg.solve_triangular", "msp.linalg.solve_triangular(E, Q, trans=3)"),
    ("fft.dct", "msp.fft.dct(U, type=1)"), ("fft.dct", "msp.fft.dct(C3, axis=1)"), ("fft.dct", "msp.fft.dct(mnp.array([1, 2, 3]))"),
]


def encode(v):
    """A JSON form of a result: Tensors as value/dtype/shape, sequences element-wise."""
    import mindspore as ms
    if isinstance(v, ms.Tensor):
        a = v.asnumpy()
        return {"t": "tensor", "dtype": str(v.dtype), "shape": list(a.shape), "v": a.tolist()}
    if isinstance(v, (tuple, list)):
        return {"t": type(v).__name__, "v": [encode(x) for x in v]}
    if isinstance(v, ms.dtype.Type) if hasattr(ms.dtype, "Type") else isinstance(v, type(ms.float32)):
        return {"t": "dtype", "v": str(v)}
    if isinstance(v, np.ndarray):
        return {"t": "ndarray", "dtype": str(v.dtype), "v": v.tolist()}
    if isinstance(v, (bool, int, float, str)) or v is None:
        return {"t": type(v).__name__, "v": v}
    if isinstance(v, np.generic):
        return {"t": "npscalar", "v": v.item()}
    return {"t": "other", "v": repr(v)}


def env(ms, mnp, msp=None) -> dict:
    e = {"ms": ms, "mnp": mnp, "msp": msp, "np": np, "math": math}
    e.update({k: ms.Tensor(v) for k, v in INPUTS.items()})
    return e


def run(cases, e):
    out = []
    for name, expr in cases:
        try:
            rec = {"name": name, "expr": expr, "out": encode(eval(expr, dict(e)))}  # noqa: S307 - our own case table
        except Exception as err:  # noqa: BLE001 - the error class is the recorded result
            rec = {"name": name, "expr": expr, "error": type(err).__name__, "msg": str(err).split("\n")[0][:200]}
        out.append(rec)
    return out


def main() -> int:
    import mindspore as ms
    import mindspore.numpy as mnp
    import mindspore.scipy as msp
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)  # errors at their own case
    ms.set_seed(0)
    e = env(ms, mnp, msp)
    rec = {"numpy": run(CASES, e), "scipy": run(SCIPY_CASES, e),
           "names": {"numpy": sorted(n for n in dir(mnp) if not n.startswith("_")),
                     "scipy": sorted(n for n in dir(msp) if not n.startswith("_"))}}
    OUT.write_text(json.dumps(rec, separators=(",", ":")))
    errs = [r for r in rec["numpy"] + rec["scipy"] if "error" in r]
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes), {len(rec['numpy'])} numpy and {len(rec['scipy'])} scipy cases, "
          f"{len(errs)} errors", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
