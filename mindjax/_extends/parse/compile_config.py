"""``mindspore._extends.parse.compile_config``: compiler switches.

Only ``CHECK_BPROP`` means something in mindjax: when set (truthy), the gradients a custom
``bprop`` returns are checked with MindSpore's classes for that mode (ValueError for a wrong
count or shape, TypeError for a wrong type). Unset, mindjax still checks them and raises
RuntimeError, as MindSpore 2.10 does at run time. MindSpore's other switches tune its own
graph compiler and have no counterpart under XLA.
"""
CHECK_BPROP = ""
