"""A launcher worker's entry point, run by path (``python .../_boot.py script.py args``) so that
JAX's distributed runtime is joined before ``import mindjax`` starts JAX's backend (which
``jax.distributed.initialize`` must precede); then the script runs as under ``python -m mindjax``."""
import os
import sys

if __name__ == "__main__":
    sys.path.pop(0)  # this file's folder is not a place to import modules from
    import jax

    n = int(os.environ.get("MS_WORKER_NUM", "1"))
    if n > 1:
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
        heartbeat = int(os.environ.get("MINDJAX_HEARTBEAT_TIMEOUT", "100"))
        jax.distributed.initialize(coordinator_address=f"{os.environ['MS_SCHED_HOST']}:{os.environ['MS_SCHED_PORT']}",
                                   num_processes=n, process_id=int(os.environ["MS_NODE_ID"]),
                                   initialization_timeout=int(os.environ.get("MS_TOPO_TIMEOUT", "600")),
                                   heartbeat_timeout_seconds=heartbeat, shutdown_timeout_seconds=heartbeat)
    from mindjax.__main__ import main

    sys.exit(main(sys.argv[1:]))
