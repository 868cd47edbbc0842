"""``rank_list_for_convert`` / ``convert_checkpoint_by_rank`` / ``convert_checkpoints``: MindSpore's
earlier names of the checkpoint transformation functions, with the same arguments."""
from __future__ import annotations

from ._transform import rank_list_for_transform, transform_checkpoint_by_rank, transform_checkpoints

__all__ = ["rank_list_for_convert", "convert_checkpoint_by_rank", "convert_checkpoints"]


def rank_list_for_convert(rank_id: int, src_strategy_file: str | None = None,
                          dst_strategy_file: str | None = None) -> list:
    """Same as :func:`rank_list_for_transform`.

    Examples:
        >>> from mindjax.parallel import rank_list_for_convert
        >>> rank_list_for_convert(0)
        [0]
    """
    return rank_list_for_transform(rank_id, src_strategy_file, dst_strategy_file)


def convert_checkpoint_by_rank(rank_id: int, checkpoint_files_map: dict, save_checkpoint_file_name: str,
                               src_strategy_file: str | None = None, dst_strategy_file: str | None = None) -> None:
    """Same as :func:`transform_checkpoint_by_rank`.

    Examples:
        >>> from mindjax.parallel import convert_checkpoint_by_rank
        >>> convert_checkpoint_by_rank(0, {0: "rank_0/net.ckpt"}, "./new.ckpt")  # doctest: +SKIP
    """
    transform_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name, src_strategy_file,
                                 dst_strategy_file)


def convert_checkpoints(src_checkpoints_dir: str, dst_checkpoints_dir: str, ckpt_prefix: str,
                        src_strategy_file: str | None = None, dst_strategy_file: str | None = None) -> None:
    """Same as :func:`transform_checkpoints`.

    Examples:
        >>> from mindjax.parallel import convert_checkpoints
        >>> convert_checkpoints("./src_ckpt", "./dst_ckpt", "net_", "./src.json", "./dst.json")  # doctest: +SKIP
    """
    transform_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix, src_strategy_file,
                          dst_strategy_file)
