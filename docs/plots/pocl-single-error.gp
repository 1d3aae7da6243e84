set terminal pngcairo size 720,460 enhanced font 'sans,10'
set output 'docs/plots/pocl-single-error.png'
set title 'distribution of D_r = |predicted - measured| / measured (eq. 7)'
set logscale x
set xlabel 'D_r (%)'
set ylabel 'fraction of cases'
set yrange [0:1]
set key bottom right
set grid
set arrow from 20, graph 0 to 20, graph 1 nohead dt 2 lc rgb 'gray'
plot 'docs/plots/pocl-single-error.dat' index 0 using 1:2 with steps lw 2 title 'Guo-Wang (fixed)' noenhanced, 'docs/plots/pocl-single-error.dat' index 1 using 1:2 with steps lw 2 title 'normal' noenhanced, 'docs/plots/pocl-single-error.dat' index 2 using 1:2 with steps lw 2 title 'uniform' noenhanced
