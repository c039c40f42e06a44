from django.urls import path

from . import views

app_name = "reviews"

urlpatterns = [
    path("", views.index, name="index"),
    path("<int:review_id>/", views.detail, name="detail"),
    path("<int:review_id>/puzzles/", views.to_puzzles, name="puzzles"),
]
