# scripts/gpu_scale_set.sh, sourced (not run) by scripts/gpu_kernels.sh and
# scripts/gpu_cusparse.sh: issue 10's generated GPU-scale set, the matrices both sides of the
# cuSPARSE comparison measure, kept in one place so that the two lists cannot drift apart (in
# stop 28 cuSPARSE's had lost the long rows). SPMVP_MATRICES, when set, replaces it.
#   pde100 (laplace3d:100), laplace3d27:60, rmat:20, rmat:21, random:1000000:20:uniform,
#   "wide rows" random:50000:300:fixed, "long rows" longrows:1000000:4:36:50000 (1 M rows of 4
#   entries with 36 rows of 50,000)
SPMVP_GPU_SCALE_SET="laplace3d:100 laplace3d27:60 rmat:20 rmat:21 random:1000000:20:uniform
random:50000:300:fixed longrows:1000000:4:36:50000"
