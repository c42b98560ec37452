// StatechartsGraphviz: work in progress
