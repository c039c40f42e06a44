from django.urls import path

from . import views

app_name = "lessons"
urlpatterns = [
    path("", views.index, name="index"),
    path("chart/", views.chart, name="chart"),
    path("drill/", views.drill, name="drill"),
    path("<slug:slug>/", views.stage, name="stage"),
    path("<slug:slug>/complete/", views.complete, name="complete"),
    path("<slug:slug>/<int:number>/", views.step, name="step"),
    path("<slug:slug>/<int:number>/answer/", views.answer, name="answer"),
]
