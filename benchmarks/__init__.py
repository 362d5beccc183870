"""Speed, memory and accuracy scripts and the seña clip generator (synth/). Each script runs from
the repository root as a module: ``python -m benchmarks.NAME``."""
