import Statecharts
print("demo")
