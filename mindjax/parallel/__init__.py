"""``mindspore.parallel``: semi-auto-parallel layouts on JAX's sharding, algorithm parameters,
strategy files and the re-slicing of distributed checkpoints.

The devices are JAX's devices of this process (several GPUs, or CPU devices made with
``XLA_FLAGS=--xla_force_host_platform_device_count=N``); a sharded array is one global array whose
slices live on them, and XLA's GSPMD partitioner places and runs the slices.
"""
from ..train._utils import merge_sliced_parameter
from ._algo import get_algo_parameters, reset_algo_parameters, set_algo_parameters
from ._layout import Layout
from ._shard import shard
from ._strategy import build_searched_strategy, merge_pipeline_strategys, restore_group_info_list
from ._transform import (get_ckpt_path_with_strategy, load_distributed_checkpoint, parameter_broadcast,
                         rank_list_for_transform, sync_pipeline_shared_parameters, transform_checkpoint_by_rank,
                         transform_checkpoints)
from ..train.serialization import load_segmented_checkpoints
from ._convert import convert_checkpoint_by_rank, convert_checkpoints, rank_list_for_convert

__all__ = ["set_algo_parameters", "reset_algo_parameters", "get_algo_parameters", "rank_list_for_transform",
           "transform_checkpoint_by_rank", "transform_checkpoints", "merge_pipeline_strategys", "shard",
           "sync_pipeline_shared_parameters", "Layout", "parameter_broadcast", "load_segmented_checkpoints",
           "load_distributed_checkpoint", "merge_sliced_parameter", "restore_group_info_list",
           "build_searched_strategy", "rank_list_for_convert", "convert_checkpoint_by_rank", "convert_checkpoints"]
