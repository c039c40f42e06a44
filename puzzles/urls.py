from django.urls import path

from . import views, views_staff

app_name = "puzzles"
urlpatterns = [
    path("", views.index, name="index"),
    path("<int:puzzle_id>/", views.detail, name="detail"),
    path("<int:puzzle_id>/answer/", views.answer, name="answer"),
    path("<int:puzzle_id>/vote/", views.vote, name="vote"),
    path("<int:puzzle_id>/report/", views.report, name="report"),
    path("daily/", views.daily, name="daily"),
    path("daily/<str:date>/", views.daily, name="daily_on"),
    path("analyzer/", views.analyzer, name="analyzer"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("staff/batches/", views_staff.batches, name="staff_batches"),
    path("staff/batches/<int:batch_id>/", views_staff.batch, name="staff_batch"),
    path("staff/batches/<int:batch_id>/queue/", views_staff.batch_queue, name="staff_batch_queue"),
    path("staff/mining/", views_staff.mining, name="staff_mining"),
    path("staff/mining/<int:job_id>/", views_staff.mining_job, name="staff_mining_job"),
]
