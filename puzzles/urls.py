from django.urls import path

from . import views

app_name = "puzzles"
urlpatterns = [
    path("", views.index, name="index"),
    path("daily/", views.index, name="daily"),
    path("analyzer/", views.index, name="analyzer"),
]
