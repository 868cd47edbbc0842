"""Image ops: crop_and_resize, roi_align, nms, iou, bounding boxes."""
from __future__ import annotations

__all__: list = []
