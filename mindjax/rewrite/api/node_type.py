"""``NodeType``: what a rewrite ``Node`` stands for."""
from enum import Enum


class NodeType(Enum):
    """The kind of a :class:`Node` (the values are MindSpore's).

    Examples:
        >>> from mindjax.rewrite import NodeType
        >>> print(NodeType.CallCell)
        NodeType.CallCell
    """
    Unknown = 0
    CallCell = 1
    CallPrimitive = 2
    CallModule = 3
    CallFunction = 4
    CallMethod = 5
    Python = 6
    Input = 7
    Output = 8
    Tree = 9
    CellContainer = 10
    MathOps = 11
    ControlFlow = 12
