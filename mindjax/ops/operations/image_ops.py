"""``mindspore.ops.operations.image_ops``: the image Primitive classes (crop and resize, NMS, IOU...)."""
from __future__ import annotations
