set terminal pngcairo size 1440,460 enhanced font 'sans,10'
set output 'docs/plots/pocl-single-scatter.png'
set multiplot layout 1,3 title 'predicted vs measured SpMV time (µs)'
set logscale xy
set xlabel 'measured µs'
set ylabel 'predicted µs'
set key top left font ',8'
set grid
set title 'Guo-Wang (fixed)' noenhanced
plot x title 'y = x' lc rgb 'gray', 'docs/plots/pocl-single-scatter.dat' index 0 using 1:2 with points pt 7 ps 0.6 title 'csr_scalar' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 1 using 1:2 with points pt 7 ps 0.6 title 'csr_vector' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 2 using 1:2 with points pt 7 ps 0.6 title 'ell' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 3 using 1:2 with points pt 7 ps 0.6 title 'jad' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 4 using 1:2 with points pt 7 ps 0.6 title 'coo' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 5 using 1:2 with points pt 7 ps 0.6 title 'hyb' noenhanced
set title 'normal' noenhanced
plot x title 'y = x' lc rgb 'gray', 'docs/plots/pocl-single-scatter.dat' index 6 using 1:2 with points pt 7 ps 0.6 title 'csr_scalar' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 7 using 1:2 with points pt 7 ps 0.6 title 'csr_vector' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 8 using 1:2 with points pt 7 ps 0.6 title 'ell' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 9 using 1:2 with points pt 7 ps 0.6 title 'jad' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 10 using 1:2 with points pt 7 ps 0.6 title 'coo' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 11 using 1:2 with points pt 7 ps 0.6 title 'hyb' noenhanced
set title 'uniform' noenhanced
plot x title 'y = x' lc rgb 'gray', 'docs/plots/pocl-single-scatter.dat' index 12 using 1:2 with points pt 7 ps 0.6 title 'csr_scalar' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 13 using 1:2 with points pt 7 ps 0.6 title 'csr_vector' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 14 using 1:2 with points pt 7 ps 0.6 title 'ell' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 15 using 1:2 with points pt 7 ps 0.6 title 'jad' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 16 using 1:2 with points pt 7 ps 0.6 title 'coo' noenhanced, 'docs/plots/pocl-single-scatter.dat' index 17 using 1:2 with points pt 7 ps 0.6 title 'hyb' noenhanced
unset multiplot
