print("statechart: work in progress")
